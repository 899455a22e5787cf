import { parseArgs } from 'node:util';
import { z } from 'zod';
import { emailSchema, passwordSchema, usernameSchema } from '#contract/auth.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';
import { AuditLog } from './features/audit/audit.service.ts';
import { findUserByEmail, insertUser, updateUser, usernameExists } from './features/auth/auth.repository.ts';
import { hashPassword } from './features/auth/auth.service.ts';
import { EXPORT_USER_USAGE, exportUserCommand } from './features/export/export.cli.ts';
import { EXTRACT_USAGE, extractCommand } from './features/labs/labs.cli.ts';

/**
 * Operator commands, on the same configuration as the server (DATA_DIR or DATABASE_URL).
 * Each command returns its exit code; messages go to stderr, results to stdout.
 */
type Command = { summary: string; usage: string; run(args: string[], config: Config): Promise<number> };

const COMMANDS: Record<string, Command> = {
  'create-admin': {
    summary: 'Create an administrator, or make an existing account one',
    usage: 'create-admin --email E --username U --password P',
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
    options: { email: { type: 'string' }, username: { type: 'string' }, password: { type: 'string' } },
    strict: true,
  });
  const parsed = z
    .object({ email: emailSchema, username: usernameSchema, password: passwordSchema })
    .safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`--${issue.path.join('.')}: ${issue.message}`);
    console.error(`usage: npm run cli -- ${COMMANDS['create-admin']!.usage}`);
    return 2;
  }
  const { email, username, password } = parsed.data;
  return withDatabase(config, async ({ db }) => {
    const audit = new AuditLog(db);
    const existing = await findUserByEmail(db, email);
    if (existing) {
      await updateUser(db, existing.id, { isAdmin: true });
      await audit.record({ action: 'admin.granted', targetType: 'user', targetId: existing.id, details: { via: 'cli' } });
      console.log(`${existing.username} <${existing.email}> is now an administrator (password unchanged).`);
      return 0;
    }
    if (await usernameExists(db, username)) {
      console.error(`The username "${username}" is taken by another account.`);
      return 1;
    }
    const user = await insertUser(db, {
      email,
      username,
      passwordHash: await hashPassword(password),
      isAdmin: true,
      emailVerifiedAt: new Date(),
    });
    await audit.record({ action: 'admin.created', targetType: 'user', targetId: user.id, details: { via: 'cli' } });
    console.log(`Administrator ${username} <${email}> created.`);
    return 0;
  });
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
