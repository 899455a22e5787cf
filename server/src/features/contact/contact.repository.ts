import type { Db } from '#server/db/client.ts';
import { contactMessages } from '#server/db/schema/index.ts';

export async function insertContactMessage(db: Db, message: typeof contactMessages.$inferInsert): Promise<void> {
  await db.insert(contactMessages).values(message);
}
