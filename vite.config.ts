import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { type Plugin, type Rolldown, defineConfig } from 'vite';

const API_TARGET = 'http://127.0.0.1:3000';

/**
 * Writes .br and .gz beside every text file of the build, which the server sends to browsers that
 * accept them (`preCompressed` in server/src/app.ts): a third of the bytes on a slow phone
 * connection, compressed once at build time instead of on every request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'stacklab-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg)$/.test(file) || statSync(file).size < 1024) continue;
        const content = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

/**
 * index.html is built to paint its shell (the header, spinner and cookie banner it draws until the
 * app does) before anything else (decision 017):
 * - the stylesheet is inlined: the shell paints as soon as the page arrives, without waiting for a
 *   second request; sent with each page load instead of once, it costs less than the round trip it
 *   saves on a phone connection. The app has one stylesheet (Tailwind's,
 *   `cssCodeSplit: false`), so no chunk loads one of its own; a second one fails the build;
 * - the app's script comes after the shell rather than in the head, where Vite puts it, so that the
 *   browser draws the shell before it runs the script rather than after.
 */
function paintFirstDocument(): Plugin {
  return {
    name: 'stacklab-paint-first-document',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const stylesheets = Object.keys(bundle).filter((fileName) => fileName.endsWith('.css'));
      if (stylesheets.length > 1) throw new Error(`one stylesheet is inlined into index.html, but the build has ${stylesheets.join(', ')}`);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const entry = /\s*(<script type="module"[^>]*><\/script>)/.exec(html);
        if (!entry) throw new Error('index.html has no module script');
        return html
          .replace(entry[0], '')
          .replace('</body>', `  ${entry[1]}\n  </body>`)
          .replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (_link, fileName: string) => {
            const asset = context.bundle?.[fileName];
            if (asset?.type !== 'asset') throw new Error(`${fileName} is not in the bundle`);
            delete context.bundle![fileName];
            return `<style>${String(asset.source)}</style>`;
          });
      },
    },
  };
}

/**
 * Fewer files for the signed-in pages (decision 017). Left alone, Rolldown makes a chunk for every
 * set of pages sharing a module, most of a few hundred bytes (an icon, a UI part), and a phone on
 * HTTP/1.1 fetches 6 at a time. Here: everything the app's start
 * loads statically is one file (appModules); the icons, zod, the form library, the toasts, the
 * Radix dialogs and switches, the Radix menus and tabs (only the account menu and a few pages use
 * them), and our UI parts with the query library are one file each. A library in a file of its own is downloaded only by the pages
 * that use it: the dashboard draws without the form library or the menus (its cards below the first
 * screen, which use forms, load after its first paint).
 */
function sharedChunks(app: AppModules): Rolldown.CodeSplittingGroup[] {
  const lib = (names: string) => new RegExp(`node_modules[\\\\/](${names})[\\\\/]`);
  const radixMenus = 'menu|dropdown-menu|popper|collection|roving-focus|tabs|arrow|direction';
  // A group takes its modules' dependencies along, unless a group of higher priority has them:
  // the Radix base (layers, focus, portals) ranks above the menus so that it stays with the dialogs.
  return [
    // Vite's helper that loads a dynamic import's chunks: the entry uses it, so it must not join the app's chunk.
    { name: 'preload', test: /^\0vite[\\/]preload-helper/, priority: 6 },
    // The cookie banner's answer, which the entry takes before the app has loaded (main.tsx).
    { name: 'consent', test: /web[\\/]src[\\/]lib[\\/]cookie-consent\.ts$/, priority: 6 },
    // With Deferred, which the landing page and the dashboard share: no request of its own for a few hundred bytes.
    { name: 'app', test: (id) => app.has(id) || /web[\\/]src[\\/]components[\\/]layout[\\/]deferred\.tsx$/.test(id), priority: 5 },
    { name: 'radix', test: lib(`@radix-ui[\\\\/]react-(?!(${radixMenus})[\\\\/])[^\\\\/]+|radix-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce|tslib`), priority: 4 },
    // With our own menu and tabs parts, which would otherwise bring the menus to every page using a UI part.
    { name: 'radix-menus', test: new RegExp(`${lib(`@radix-ui[\\\\/]react-(${radixMenus})|@floating-ui`).source}|components[\\\\/]ui[\\\\/](dropdown-menu|tabs)\\.tsx`), priority: 3 },
    { name: 'icons', test: lib('lucide-react'), priority: 2 },
    { name: 'zod', test: lib('zod'), priority: 2 },
    // With our form helpers, which use zod: the 'ui' group below would bring zod to every page.
    { name: 'forms', test: new RegExp(`${lib('react-hook-form|@hookform').source}|web[\\\\/]src[\\\\/]lib[\\\\/]forms\\.ts$`), priority: 2 },
    // The toaster mounts after the page's first drawing (app/providers.tsx); pages that toast load it as they open.
    { name: 'toasts', test: new RegExp(`${lib('sonner').source}|components[\\/]ui[\\/]toaster\\.tsx`), priority: 2 },
    // Lower priority: the libraries above keep their own chunks rather than joining this one.
    { name: 'ui', test: /web[\\/]src[\\/](components[\\/]ui|lib)[\\/]|node_modules[\\/]@tanstack[\\/]/, priority: 1 },
  ];
}

type AppModules = { plugin: Plugin; has: (id: string) => boolean };

/** The libraries the app's start uses (React, the router, the query cache, class names, the Slot of our buttons). */
const APP_LIBRARIES = /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+|tailwind-merge|clsx|class-variance-authority|@radix-ui[\\/]react-(slot|compose-refs))[\\/]/;

/**
 * The modules the app's start (src/boot.tsx) loads: one chunk, 'app', which the document preloads
 * (server/src/http/page-document.ts) while the entry paints the shell. Our own modules are found
 * by following boot.tsx's static imports once the module graph is complete; libraries are named
 * (APP_LIBRARIES), since a library's barrel imports everything it has, used or not.
 */
function appModules(): AppModules {
  const ours = new Set<string>();
  return {
    plugin: {
      name: 'stacklab-app-modules',
      apply: 'build',
      buildEnd() {
        const boot = [...this.getModuleIds()].find((id) => /[\\/]web[\\/]src[\\/]boot\.tsx$/.test(id));
        if (!boot) throw new Error('src/boot.tsx is not in the build');
        const pending = [boot];
        for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
          // Libraries are named instead, and Vite's helpers (virtual modules, `\0...`) go with the entry.
          if (ours.has(id) || id.includes('node_modules') || id.startsWith('\0')) continue;
          ours.add(id);
          pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      },
    },
    has: (id) => ours.has(id) || APP_LIBRARIES.test(id),
  };
}

const app = appModules();

/**
 * The web app lives in web/ and builds into dist/web, which the API server serves (with
 * index.html for every page route). `#web/*` and `#contract/*` resolve through package.json
 * "imports", which Vite follows on its own.
 */
export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), paintFirstDocument(), precompress(), app.plugin],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    // .vite/manifest.json: which chunks each page imports, for the landing page's size check
    // (bench/landing-js.ts). Not served: the static handler ignores dot-directories.
    manifest: true,
    // One stylesheet for the whole app, inlined into index.html (paintFirstDocument).
    cssCodeSplit: false,
    rolldownOptions: { output: { codeSplitting: { groups: sharedChunks(app) } } },
  },
  server: {
    // Same-origin requests keep their Host header, which the API's origin check compares with.
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      // Server routes under /auth/ (Google sign-in and its callback); the page /auth itself is the SPA's.
      '^/auth/.*': { target: API_TARGET, changeOrigin: false },
    },
  },
});
