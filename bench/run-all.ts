// `npm run bench`: every benchmark in turn, each writing its section of bench/RESULTS.md.
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const only = process.argv[2];
for (const file of readdirSync('bench').filter((name) => name.endsWith('.bench.ts')).sort()) {
  if (only && !file.includes(only)) continue;
  console.log(`\n▶ ${file}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', `bench/${file}`], { stdio: 'inherit' });
  if (run.status !== 0) process.exitCode = 1;
}
