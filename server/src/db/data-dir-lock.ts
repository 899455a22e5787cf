import { readFileSync, rmSync, writeFileSync } from 'node:fs';

/**
 * PGlite is one process's database: a second process opening the same folder would corrupt it,
 * and PGlite does not stop it. This lock file does, and names the process that holds it.
 */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by another StackLab process (pid ${pid}). ` +
        'Stop that process first, or point both at a PostgreSQL server with DATABASE_URL.',
    );
  }
}

export function lockDataDir(dataDir: string): () => void {
  const file = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(file, 'utf8'));
      if (holder && holder !== process.pid && isAlive(holder)) throw new DataDirInUseError(dataDir, holder);
      rmSync(file, { force: true }); // left by a process that died
    }
  }
  throw new Error(`Cannot lock ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
