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
 * Fewer files for the signed-in pages (decision 017). Left alone, Rolldown makes a chunk for every
 * set of pages sharing a module, so the dashboard loaded 44 files, most of a few hundred bytes (an
 * icon, a UI part), and a phone on HTTP/1.1 fetches 6 at a time. Here: everything the entry loads
 * statically is one file; the icons, the form and schema libraries, the Radix primitives, and our
 * UI parts with the query library are one file each. The page's own code is split as before.
 * The landing page loads the entry, its route and the icons; the signed-in pages about 15 files.
 */
function sharedChunks(): Rolldown.CodeSplittingGroup[] {
  const lib = (names: string) => new RegExp(`node_modules[\\\\/](${names})[\\\\/]`);
  return [
    { name: 'app', tags: ['$initial'], priority: 3 },
    { name: 'icons', test: lib('lucide-react'), priority: 2 },
    { name: 'forms', test: lib('zod|react-hook-form|@hookform'), priority: 2 },
    { name: 'radix', test: lib('radix-ui|@radix-ui|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce|tslib'), priority: 2 },
    // Lower priority: the libraries above keep their own chunks rather than joining this one.
    { name: 'ui', test: /web[\\/]src[\\/](components[\\/]ui|lib)[\\/]|node_modules[\\/]@tanstack[\\/]/, priority: 1 },
  ];
}

/**
 * The web app lives in web/ and builds into dist/web, which the API server serves (with
 * index.html for every page route). `#web/*` and `#contract/*` resolve through package.json
 * "imports", which Vite follows on its own.
 */
export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    // .vite/manifest.json: which chunks each page imports, for the landing page's size check
    // (bench/landing-js.ts). Not served: the static handler ignores dot-directories.
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: sharedChunks() } } },
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
