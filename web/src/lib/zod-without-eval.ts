// Our Content-Security-Policy has no 'unsafe-eval'. Zod 4 probes `new Function` once to decide
// whether to compile its object parsers; the CSP blocks the probe and the browser reports it as
// a violation (Lighthouse: "inspector-issues"). Jitless zod skips the probe and parses as usual.
// Zod takes its configuration from this global when its core module first loads (zod/v4/core,
// `globalConfig`), so setting it here, first in main.tsx, needs none of zod's code in the app's
// entry: the landing page and the dashboard load no schema code at all.
const zodConfig = ((globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig ??= {});
zodConfig.jitless = true;

export {};
