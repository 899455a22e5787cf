import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A PostgreSQL server of the test's own (initdb into a temporary folder, started on a free
 * port), for tests that stop and start the database: the shared server is never touched.
 * initdb refuses to run as root, so under root the server runs as the `postgres` system user.
 */
export type PrivatePostgres = {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and removes its folder. */
  destroy(): Promise<void>;
};

/** The newest PostgreSQL binaries of the Debian packages, or why there are none usable. */
function findBinaries(): { bin: string; runAs: string[] } | { missing: string } {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((name) => existsSync(path.join(root, name, 'bin', 'initdb'))) : [];
  if (versions.length === 0) return { missing: `no PostgreSQL server binaries in ${root}/*/bin (Debian package postgresql)` };
  const bin = path.join(root, versions.sort((x, y) => Number(y) - Number(x))[0]!, 'bin');
  if (process.getuid?.() !== 0) return { bin, runAs: [] };
  if (!existsSync('/usr/sbin/runuser')) return { missing: 'running as root without runuser to start PostgreSQL as another user' };
  return { bin, runAs: ['/usr/sbin/runuser', '-u', 'postgres', '--'] };
}

export async function startPrivatePostgres(): Promise<PrivatePostgres | { skipped: string }> {
  const found = findBinaries();
  if ('missing' in found) return { skipped: found.missing };
  const { bin, runAs } = found;
  const dir = mkdtempSync(path.join(tmpdir(), 'stacklab-pg-'));
  const data = path.join(dir, 'data');
  const exec = async (command: string, args: string[]) => {
    const [file, ...rest] = [...runAs, path.join(bin, command), ...args];
    await run(file!, rest, { timeout: 60_000 });
  };
  if (runAs.length > 0) {
    const owner = await postgresIds();
    if (!owner) {
      rmSync(dir, { recursive: true, force: true });
      return { skipped: 'running as root and there is no postgres user to run PostgreSQL as' };
    }
    chownSync(dir, owner.uid, owner.gid);
  }
  const port = await freePort();
  const user = runAs.length > 0 ? 'postgres' : userInfo().username;
  await exec('initdb', ['-D', data, '-U', user, '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  // fsync off: the data is thrown away; the socket sits in the folder, never in /var/run.
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const start = () => exec('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'server.log'), '-w', '-t', '30', 'start']);
  const stop = () => exec('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop']);
  await start();
  return {
    url: `postgres://${user}@127.0.0.1:${port}/postgres`,
    start,
    stop,
    destroy: async () => {
      await stop().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function postgresIds(): Promise<{ uid: number; gid: number } | undefined> {
  try {
    const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  } catch {
    return undefined;
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
