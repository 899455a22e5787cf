import {
  type AdminInteraction,
  type AdminInteractionList,
  type InteractionInput,
  INTERACTION_TEXTS,
} from '#contract/interactions.ts';
import type { Db } from '#server/db/client.ts';
import type { AuditLog } from '#server/features/audit/audit.service.ts';
import { AppError } from '#server/http/app-error.ts';
import type { Actor } from '#server/features/admin/admin-actor.ts';
import { AuditedTable } from '#server/features/admin/audited-table.ts';
import { AGENTS_BY_KEY, INTERACTION_AGENTS } from './interaction-agents.data.ts';
import {
  type InteractionRow,
  type InteractionValues,
  deleteInteraction,
  findInteractionRow,
  findPairOwner,
  insertInteraction,
  listInteractionRows,
  updateInteraction,
} from './interactions.repository.ts';

const pairTaken = () => new AppError('CONFLICT', INTERACTION_TEXTS.pairTaken, { details: [{ field: 'agentB', message: INTERACTION_TEXTS.pairTaken }] });

/**
 * The interaction table for administrators (product.md, Admin, "Interactions"): every row names
 * two known agents, different ones, a pair at most once whichever way round, and a source.
 */
export class AdminInteractionsService {
  private readonly table: AuditedTable<InteractionRow, InteractionRow, InteractionValues>;

  constructor(private readonly deps: { db: Db; audit: AuditLog }) {
    this.table = new AuditedTable(deps, {
      subject: 'interaction',
      targetType: 'interaction',
      notFound: INTERACTION_TEXTS.interactionNotFound,
      taken: pairTaken,
      find: findInteractionRow,
      insert: insertInteraction,
      update: updateInteraction,
      remove: deleteInteraction,
      details: (row) => ({ agentA: row.agentA, agentB: row.agentB }),
    });
  }

  async list(): Promise<AdminInteractionList> {
    const rows = await listInteractionRows(this.deps.db);
    return {
      interactions: rows.map(toDto),
      agents: INTERACTION_AGENTS.map((agent) => ({ key: agent.key, label: agent.label, kind: agent.kind, terms: [...agent.terms] })),
    };
  }

  async create(actor: Actor, input: InteractionInput): Promise<AdminInteraction> {
    return toDto(await this.table.create(actor, await this.checked(input)));
  }

  async update(actor: Actor, id: string, input: InteractionInput): Promise<AdminInteraction> {
    return toDto(await this.table.update(actor, id, () => this.checked(input, id)));
  }

  async remove(actor: Actor, id: string): Promise<void> {
    await this.table.remove(actor, id);
  }

  private async checked(input: InteractionInput, exceptId?: string): Promise<InteractionValues> {
    for (const field of ['agentA', 'agentB'] as const) {
      if (!AGENTS_BY_KEY.has(input[field])) throw AppError.validation(field, INTERACTION_TEXTS.unknownAgent);
    }
    if (input.agentA === input.agentB) throw AppError.validation('agentB', INTERACTION_TEXTS.samePair);
    // Two lab tests, or a lab test with a medicine, is not something a stack can hold.
    const kinds = [AGENTS_BY_KEY.get(input.agentA)!.kind, AGENTS_BY_KEY.get(input.agentB)!.kind];
    if (kinds.includes('lab-test') && !kinds.includes('supplement')) throw AppError.validation('agentB', 'A lab test pairs with a supplement');
    if (await findPairOwner(this.deps.db, input.agentA, input.agentB, exceptId)) throw pairTaken();
    return {
      agentA: input.agentA,
      agentB: input.agentB,
      severity: input.severity,
      effect: input.effect,
      advice: input.advice,
      source: input.source,
      sourceUrl: input.sourceUrl,
    };
  }
}

function toDto(row: InteractionRow): AdminInteraction {
  return {
    id: row.id,
    agentA: row.agentA,
    agentB: row.agentB,
    severity: row.severity,
    effect: row.effect,
    advice: row.advice,
    source: row.source,
    sourceUrl: row.sourceUrl,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
