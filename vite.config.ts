import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_TARGET = 'http://127.0.0.1:3000';

/**
 * The web app lives in web/ and builds into dist/web, which the API server serves (with
 * index.html for every page route). `#web/*` and `#contract/*` resolve through package.json
 * "imports", which Vite follows on its own.
 */
export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    // .vite/manifest.json: which chunks each page imports, for the landing page's size check
    // (bench/landing-js.ts). Not served: the static handler ignores dot-directories.
    manifest: true,
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
