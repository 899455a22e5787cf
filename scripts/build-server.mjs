// Bundles the server's entry points with esbuild; packages stay in node_modules.
import { cp, rm } from 'node:fs/promises';
import { build } from 'esbuild';

await rm('dist/server', { recursive: true, force: true });
await build({
  entryPoints: {
    main: 'server/src/main.ts',
    cli: 'server/src/cli.ts',
    // Lab extraction runs in worker threads; run-in-worker.ts loads this file from beside the bundle.
    'labs-extract-worker': 'server/src/labs/extract/worker.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
// The migrator reads SQL files next to the code that opens the database.
await cp('server/src/db/migrations', 'dist/server/migrations', { recursive: true });
