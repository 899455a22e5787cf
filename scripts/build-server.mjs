// Bundles the server's entry points with esbuild; packages stay in node_modules.
import { cp, readFile, rm } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { build } from 'esbuild';

await rm('dist/server', { recursive: true, force: true });
const { metafile } = await build({
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
  metafile: true,
  logLevel: 'warning',
});
// The migrator reads SQL files next to the code that opens the database.
await cp('server/src/db/migrations', 'dist/server/migrations', { recursive: true });

// A production install (`npm ci --omit=dev`) has only `dependencies`: the bundle may load nothing else.
const { dependencies } = JSON.parse(await readFile('package.json', 'utf8'));
const packageOf = (path) => path.split('/').slice(0, path.startsWith('@') ? 2 : 1).join('/');
const loaded = new Set(
  Object.values(metafile.outputs)
    .flatMap((output) => output.imports)
    .filter((entry) => entry.external && !entry.path.startsWith('node:') && !builtinModules.includes(entry.path))
    .map((entry) => packageOf(entry.path)),
);
const missing = [...loaded].filter((name) => !(name in dependencies)).sort();
if (missing.length > 0) {
  console.error(`The server loads packages a production install leaves out; move them to "dependencies" in package.json: ${missing.join(', ')}`);
  process.exit(1);
}
