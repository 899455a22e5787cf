import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The signed-in user's questions to the assistant and the answers they got (`GET /api/query/history`).
 * Only finished answers are kept, and only the newest few per user (assistant.repository.ts).
 */
export const assistantQueries = pgTable(
  'assistant_queries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('assistant_queries_user_id_idx').on(t.userId, t.createdAt)],
);
