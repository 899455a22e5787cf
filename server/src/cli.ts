import { parseArgs } from 'node:util';
import { z } from 'zod';
import { emailSchema, passwordSchema, usernameSchema } from '#contract/auth.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';
import { AuditLog } from './features/audit/audit.service.ts';
import { deleteSessionsOfUser, findUserByEmail, insertUser, updateUser, usernameExists } from './features/auth/auth.repository.ts';
import { hashPassword } from './lib/passwords.ts';
import { EXPORT_USER_USAGE, exportUserCommand } from './features/data-ownership/export.cli.ts';
import { EXTRACT_USAGE, extractCommand } from './features/labs/labs.cli.ts';
import type { User } from '#server/domain/user.ts';

/**
 * Operator commands, on the same configuration as the server (DATA_DIR or DATABASE_URL).
 * Each command returns its exit code; messages go to stderr, results to stdout.
 */
type Command = { summary: string; usage: string; run(args: string[], config: Config): Promise<number> };

const COMMANDS: Record<string, Command> = {
  'create-admin': {
    summary: 'Create an administrator; --promote makes the existing account of that address one (and ends its sessions)',
    usage: 'create-admin --email E --username U --password P | create-admin --email E --promote',
    run: createAdmin,
  },
  extract: {
    summary: 'Read a lab report (PDF, DOC, DOCX, PNG, JPEG) and print its biomarkers as JSON',
    usage: EXTRACT_USAGE,
    run: extractCommand,
  },
  'export-user': {
    summary: "Write an account's full JSON export (as the user downloads it) to stdout or --out FILE",
    usage: EXPORT_USER_USAGE,
    run: exportUserCommand,
  },
};

async function createAdmin(args: string[], config: Config): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { email: { type: 'string' }, username: { type: 'string' }, password: { type: 'string' }, promote: { type: 'boolean' } },
    strict: true,
  });
  // Promoting an existing account needs only its address; a new administrator needs everything.
  const newAdmin = z.object({ email: emailSchema, username: usernameSchema, password: passwordSchema });
  const parsed = (values.promote ? newAdmin.partial({ username: true, password: true }) : newAdmin).safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`--${issue.path.join('.')}: ${issue.message}`);
    console.error(`usage: npm run cli -- ${COMMANDS['create-admin']!.usage}`);
    return 2;
  }
  const { email } = parsed.data;
  return withDatabase(config, async ({ db }) => {
    const audit = new AuditLog(db);
    const existing = await findUserByEmail(db, email);
    if (existing) return promoteToAdmin(db, audit, existing, values.promote === true);
    if (values.promote) {
      console.error(`No account uses ${email}; leave out --promote to create one.`);
      return 1;
    }
    const { username, password } = parsed.data;
    if (!username || !password) return 2;
    if (await usernameExists(db, username)) {
      console.error(`The username "${username}" is taken by another account.`);
      return 1;
    }
    const user = await insertUser(db, {
      email,
      username,
      passwordHash: await hashPassword(password, config.passwordHashing),
      isAdmin: true,
      emailVerifiedAt: new Date(),
    });
    await audit.record({ action: 'admin.created', targetType: 'user', targetId: user.id, details: { via: 'cli' } });
    console.log(`Administrator ${username} <${email}> created.`);
    return 0;
  });
}

/**
 * An address that already has an account may belong to someone else than the operator thinks
 * (anyone can sign up with any address): it becomes an administrator only when asked by name,
 * and every session it had ends, so none opened before the promotion carries admin rights.
 */
async function promoteToAdmin(db: Database['db'], audit: AuditLog, user: User, promote: boolean): Promise<number> {
  if (!promote) {
    console.error(
      `An account already uses ${user.email} (username ${user.username}); nothing was changed. ` +
        'To make that account an administrator, run create-admin again with --promote.',
    );
    return 1;
  }
  await updateUser(db, user.id, { isAdmin: true });
  await deleteSessionsOfUser(db, user.id);
  await audit.record({ action: 'admin.granted', targetType: 'user', targetId: user.id, details: { via: 'cli' } });
  console.log(`${user.username} <${user.email}> is now an administrator (password unchanged; its sessions were ended).`);
  return 0;
}

async function withDatabase(config: Config, work: (database: Database) => Promise<number>): Promise<number> {
  let database: Database;
  try {
    database = await openDatabase(config.database);
  } catch (error) {
    console.error(error instanceof DataDirInUseError ? error.message : `Cannot open the database: ${(error as Error).message}`);
    return 1;
  }
  try {
    await database.migrate();
    return await work(database);
  } finally {
    await database.close();
  }
}

export async function runCli(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    console.error('usage: npm run cli -- <command> [options]\n');
    for (const [commandName, { summary, usage }] of Object.entries(COMMANDS)) {
      console.error(`  ${usage}\n      ${summary} (${commandName})`);
    }
    return name ? 2 : 0;
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    return error instanceof ConfigError ? 78 : 1;
  }
  try {
    return await command.run(args, config);
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
}

process.exitCode = await runCli(process.argv.slice(2));
