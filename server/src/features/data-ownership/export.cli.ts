import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { emailSchema } from '#contract/auth.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { type Database, openDatabase } from '#server/db/client.ts';
import { DataDirInUseError } from '#server/db/data-dir-lock.ts';
import { AuditLog } from '#server/features/audit/audit.service.ts';
import { findUserByEmail } from '#server/features/auth/public.ts';
import { buildExportDocument, readUserData } from './export.document.ts';

export const EXPORT_USER_USAGE = 'export-user --email E [--out FILE]';

/** The JSON export of the account with this e-mail, as the user would download it; undefined when there is none. */
export async function exportUserJson(db: Db, email: string, options: { publicUrl: string; now?: Date }): Promise<string | undefined> {
  const user = await findUserByEmail(db, email);
  if (!user) return undefined;
  const data = await readUserData(db, user);
  const document = await buildExportDocument(db, data, { publicUrl: options.publicUrl, now: options.now ?? new Date() });
  await new AuditLog(db).record({ action: 'data.exported_by_operator', targetType: 'user', targetId: user.id, details: { via: 'cli' } });
  return `${JSON.stringify(document, null, 2)}\n`;
}

/**
 * `npm run cli -- export-user --email E [--out FILE]`: for an operator answering a user's access
 * request. The export goes to stdout (or the file); messages to stderr.
 */
export async function exportUserCommand(args: string[], config: Config): Promise<number> {
  let values: { email?: string; out?: string };
  try {
    ({ values } = parseArgs({ args, options: { email: { type: 'string' }, out: { type: 'string' } }, strict: true }));
  } catch (error) {
    console.error(`${(error as Error).message}\nusage: npm run cli -- ${EXPORT_USER_USAGE}`);
    return 2;
  }
  const email = emailSchema.safeParse(values.email ?? '');
  if (!email.success) {
    console.error(`--email: ${email.error.issues[0]?.message ?? 'Please enter a valid email address'}\nusage: npm run cli -- ${EXPORT_USER_USAGE}`);
    return 2;
  }
  let database: Database;
  try {
    database = await openDatabase(config.database);
  } catch (error) {
    console.error(error instanceof DataDirInUseError ? error.message : `Cannot open the database: ${(error as Error).message}`);
    return 1;
  }
  try {
    await database.migrate();
    const json = await exportUserJson(database.db, email.data, { publicUrl: config.publicUrl });
    if (json === undefined) {
      console.error(`No account uses the e-mail ${email.data}.`);
      return 1;
    }
    if (values.out) {
      // Owner-only: the file holds someone's health data.
      await writeFile(values.out, json, { mode: 0o600 });
      console.error(`Wrote the export of ${email.data} to ${values.out}.`);
    } else process.stdout.write(json);
    return 0;
  } finally {
    await database.close();
  }
}
