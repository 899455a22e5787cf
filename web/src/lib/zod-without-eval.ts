import { config } from 'zod/v4/core';

// Our Content-Security-Policy has no 'unsafe-eval'. Zod 4 probes `new Function` once to decide
// whether to compile its object parsers; the CSP blocks the probe and the browser reports it as
// a violation (Lighthouse: "inspector-issues"). Jitless zod skips the probe and parses as usual.
// Imported first by main.tsx, because the probe runs when the first object schema is created.
// Only zod's small core module is imported, so the landing page still loads no schema code.
config({ jitless: true });
