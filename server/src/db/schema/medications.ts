import { sql } from 'drizzle-orm';
import { date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Medicines the user takes beside their supplements (product.md, Medications and interactions).
 * A table of their own: no dose units or intake logs, and never counted as supplements.
 */
export const medications = pgTable(
  'medications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** As printed on the pack: "5 mg", "100 mcg". */
    strength: text('strength'),
    /** How and when it is taken, in the user's words: "1 tablet every morning". */
    schedule: text('schedule'),
    startedOn: date('started_on', { mode: 'string' }),
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('medications_user_id_idx').on(t.userId, t.createdAt)],
);

/**
 * The interaction table we curate (seeded at start, edited by admins). Not user data. Each row
 * names two agents by key (`interactions.data.ts`: a supplement, a medicine, a drug class or a
 * lab test); a pair appears once whichever way round it is written.
 */
export const interactions = pgTable(
  'interactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agentA: text('agent_a').notNull(),
    agentB: text('agent_b').notNull(),
    severity: text('severity', { enum: ['major', 'moderate', 'minor'] }).notNull(),
    effect: text('effect').notNull(),
    advice: text('advice').notNull(),
    source: text('source').notNull(),
    sourceUrl: text('source_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('interactions_pair_key').on(sql`least(${t.agentA}, ${t.agentB})`, sql`greatest(${t.agentA}, ${t.agentB})`)],
);
