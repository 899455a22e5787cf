import type { FastifyBaseLogger } from 'fastify';
import {
  type ChatMessage,
  type ChatStreamEvent,
  AI_CONVERSATION_TAG,
  CHAT_MESSAGES,
  CHAT_ROLES,
  NOT_MEDICAL_ADVICE,
  saveChatBodySchema,
} from '#contract/assistant.ts';
import { localDateOf } from '#contract/dates.ts';
import type { z } from 'zod';
import type { AssistantContext } from '#server/ai/assistant-data.ts';
import { type AssistantProvider, type ConversationTurn, ProviderError } from '#server/ai/provider.ts';
import type { RateLimiter, RateRule } from '#server/features/rate-limits/rate-limits.service.ts';
import type { EntitlementsService } from '#server/features/usage/entitlements.service.ts';
import { AppError } from '#server/http/app-error.ts';
import { type DataSources, type LabUnits, createReferenceData, createUserData } from './assistant.data.ts';
import { dayHasLogs, deleteQueries, insertChatNote, insertQuery, listQueries, replaceDaySummary } from './assistant.repository.ts';
import type { User } from '#server/domain/user.ts';

/** Questions an anonymous visitor may ask per address and hour (AI_ANONYMOUS_PER_ADDRESS_PER_HOUR overrides the limit). */
export const ANONYMOUS_RULE: RateRule = { name: 'assistant:ip', limit: 20, windowSeconds: 60 * 60 };
/** Questions asked in the URL (`GET /api/chat`) per network and hour: they use no plan allowance, so this bounds what they cost. */
export const QUESTION_IN_URL_RULE: RateRule = { name: 'assistant-url:ip', limit: 20, windowSeconds: 60 * 60 };
export const HISTORY_SHOWN = 20;
/** Longest daily summary stored; a model that rambles is cut, not refused. */
const SUMMARY_MAX_CHARS = 2000;

type Dependencies = DataSources & {
  provider: AssistantProvider;
  entitlements: EntitlementsService;
  limiter: RateLimiter;
  timeoutMs: number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  now?: () => Date;
};

/** Who is asking: a signed-in user, or an anonymous visitor known only by address. */
export type Asker = { user: User | null; address: string };

/** How the answer is shown: the labs page's unit switch, when the client sends it. */
export type ReplyOptions = { labUnits?: LabUnits | undefined };

/**
 * A message that passed the limits; `release` takes a counted use back. `keepsHistory` is false
 * for a question asked in a URL (GET), which changes nothing of the user's.
 */
export type Admission = { asker: Asker; keepsHistory: boolean; release(): Promise<void> };

/**
 * The one engine behind `/api/query`, `/api/chat` and `GET /api/chat`: limits first (refusals
 * are plain HTTP errors, before any event), then the provider's reply as stream events, ending
 * with `{ streaming: false }`. A reply that fails before its first piece of text is not counted.
 */
export class AssistantService {
  private readonly now: () => Date;

  constructor(private readonly deps: Dependencies) {
    this.now = deps.now ?? (() => new Date());
  }

  get providerKind(): AssistantProvider['kind'] {
    return this.deps.provider.kind;
  }

  /**
   * Counts the message against the user's plan (product.md, Assistant) or the visitor's hourly
   * allowance, or refuses it: 429 with `limitReached`, 403 TRIAL_EXPIRED.
   */
  async admit(asker: Asker): Promise<Admission> {
    if (asker.user) {
      const use = await this.deps.entitlements.recordAiMessage(asker.user);
      return { asker, keepsHistory: true, release: () => use.release() };
    }
    try {
      await this.deps.limiter.consume(ANONYMOUS_RULE, asker.address);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'RATE_LIMITED') throw error;
      const minutes = Math.max(1, Math.ceil((error.extra.retryAfterSeconds ?? 60) / 60));
      throw new AppError(
        'LIMIT_REACHED',
        `You have asked as many questions as a visitor can in an hour. Sign up for a free trial to ask more, or try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        { limitReached: true, retryAfterSeconds: error.extra.retryAfterSeconds ?? 60 },
      );
    }
    return { asker, keepsHistory: true, release: async () => {} };
  }

  /**
   * `GET /api/chat`: a GET can be sent from any site, so it changes nothing of the user's: it is
   * refused as a message would be (an ended trial, a used-up allowance) but uses no allowance and
   * keeps no history. A per-network hourly limit keeps it from being a free way to the model.
   */
  async admitQuestionInUrl(asker: Asker): Promise<Admission> {
    if (asker.user) await this.deps.entitlements.assertAiMessageAvailable(asker.user);
    await this.deps.limiter.consume(QUESTION_IN_URL_RULE, asker.address);
    return { asker, keepsHistory: false, release: async () => {} };
  }

  /**
   * The reply as stream events. Ends with `{ streaming: false }` unless the client went away
   * (`clientGone` aborted), in which case nothing more is written and the upstream is aborted.
   */
  async *reply(admission: Admission, messages: readonly ChatMessage[], clientGone: AbortSignal, options: ReplyOptions = {}): AsyncGenerator<ChatStreamEvent> {
    const started = performance.now();
    const deadline = AbortSignal.timeout(this.deps.timeoutMs);
    const signal = AbortSignal.any([clientGone, deadline]);
    const turns = messages.filter((message): message is ConversationTurn => message.role !== 'system');
    const question = turns.findLast((turn) => turn.role === 'user')?.content ?? '';
    let text = '';
    let failure: string | undefined;
    let outcome = 'answered';
    const iterator = this.deps.provider.streamReply(this.contextFor(admission.asker, options.labUnits), turns, signal)[Symbol.asyncIterator]();
    let providerDone = false;
    try {
      for (;;) {
        const next = await untilAborted(iterator.next(), signal);
        if (next.done) break;
        if (!next.value) continue;
        text += next.value;
        yield { response: next.value };
      }
      providerDone = true;
      if (!text.trim()) {
        failure = CHAT_MESSAGES.empty;
        outcome = 'empty';
      }
    } catch (error) {
      ({ failure, outcome } = this.describeFailure(error, { clientGone, deadline }));
    } finally {
      // Also when the consumer stops pulling (the response stream was destroyed at a yield).
      if (!providerDone) void iterator.return?.(undefined)?.catch(() => undefined);
    }

    if (!text) {
      await admission.release().catch((error: unknown) => this.deps.log.error({ err: error }, 'could not take back an assistant message use'));
    }
    this.deps.log.info({ assistant: this.deps.provider.kind, outcome, ms: Math.round(performance.now() - started), chars: text.length }, 'assistant reply');
    if (clientGone.aborted) return;
    if (failure) {
      yield { error: failure };
    } else {
      if (!text.includes(NOT_MEDICAL_ADVICE)) {
        const disclaimer = `\n\n${NOT_MEDICAL_ADVICE}`;
        text += disclaimer;
        yield { response: disclaimer };
      }
      if (admission.asker.user && admission.keepsHistory) {
        await insertQuery(this.deps.db, admission.asker.user.id, question, text).catch((error: unknown) =>
          this.deps.log.warn({ err: error }, 'could not keep the question in the history'),
        );
      }
    }
    yield { streaming: false };
  }

  /** The same reply gathered into one JSON answer (`POST /api/query` without an event stream). */
  async replyAsJson(admission: Admission, messages: readonly ChatMessage[], clientGone: AbortSignal, options: ReplyOptions = {}): Promise<{ response: string; error?: string }> {
    let response = '';
    let error: string | undefined;
    for await (const event of this.reply(admission, messages, clientGone, options)) {
      if ('response' in event) response += event.response;
      if ('error' in event) error = event.error;
    }
    // Nothing came back: the use was taken back, so the request failed as a whole.
    if (error && !response) throw new AppError('SERVICE_UNAVAILABLE', error);
    return error ? { response, error } : { response };
  }

  /** The user's recent questions and answers, newest first; none for visitors. */
  async history(user: User | null) {
    if (!user) return [];
    const rows = await listQueries(this.deps.db, user.id, HISTORY_SHOWN);
    return rows.map((row) => ({ id: row.id, question: row.question, answer: row.answer, createdAt: row.createdAt.toISOString() }));
  }

  /** Clear Chat on /ask (product.md, Assistant): the kept questions and answers go too. Saved chats stay. */
  async clearHistory(user: User): Promise<{ ok: true; deleted: number }> {
    return { ok: true, deleted: await deleteQueries(this.deps.db, user.id) };
  }

  /**
   * Saves a finished conversation as a chat note on the user's local day (product.md, Assistant, "Saved
   * chat"). Its content must be the conversation as a JSON list of messages, which is how the
   * history shows it; it always carries the tag `ai_conversation`.
   */
  async saveChat(user: User, body: z.output<typeof saveChatBodySchema>): Promise<{ id: string; loggedAt: string }> {
    this.deps.entitlements.assertActive(user);
    if (!isConversation(body.content)) {
      throw AppError.validation('content', 'Content must be the conversation: a JSON list of messages, each with a role (user, assistant or system) and content');
    }
    const tags = [...new Set([AI_CONVERSATION_TAG, ...body.tags.map((tag) => tag.trim())])];
    const now = this.now();
    const row = await insertChatNote(this.deps.db, user.id, { localDate: localDateOf(now, user.timeZone), content: body.content, tags, loggedAt: now });
    return { id: row.id, loggedAt: row.loggedAt.toISOString() };
  }

  /**
   * The assistant writes a short summary of a day that has logs and stores it as that day's
   * "Daily Summary", replacing an earlier one. It counts as one assistant message.
   */
  async dailySummary(user: User, date: string): Promise<{ id: string; date: string; summary: string; loggedAt: string }> {
    this.deps.entitlements.assertActive(user);
    if (date > localDateOf(this.now(), user.timeZone)) throw AppError.validation('date', 'Date cannot be in the future');
    if (!(await dayHasLogs(this.deps.db, user.id, date))) {
      throw AppError.validation('date', `Nothing is logged on ${date} yet, so there is nothing to summarise.`);
    }
    const use = await this.deps.entitlements.recordAiMessage(user);
    let summary: string;
    const deadline = AbortSignal.timeout(this.deps.timeoutMs);
    try {
      summary = (await untilAborted(this.deps.provider.summariseDay(this.contextFor({ user, address: '' }), date, deadline), deadline)).trim();
      if (!summary) throw new ProviderError('upstream', 'The summary came back empty');
    } catch (error) {
      await use.release().catch((releaseError: unknown) => this.deps.log.error({ err: releaseError }, 'could not take back an assistant message use'));
      const { failure } = this.describeFailure(error, { clientGone: new AbortController().signal, deadline });
      throw new AppError('SERVICE_UNAVAILABLE', failure);
    }
    const stored = summary.length > SUMMARY_MAX_CHARS ? `${summary.slice(0, SUMMARY_MAX_CHARS - 1)}…` : summary;
    const row = await replaceDaySummary(this.deps.db, user.id, { localDate: date, summary: stored, loggedAt: this.now() });
    return { id: row.id, date, summary: stored, loggedAt: row.loggedAt.toISOString() };
  }

  private contextFor(asker: Asker, labUnits?: LabUnits): AssistantContext {
    return {
      user: asker.user ? createUserData(this.deps, asker.user, this.now(), labUnits) : null,
      reference: createReferenceData(this.deps.db),
    };
  }

  /** The spec's text for a failed reply (section 8, "Chat"), and a word for the log. */
  private describeFailure(error: unknown, signals: { clientGone: AbortSignal; deadline: AbortSignal }): { failure: string; outcome: string } {
    if (signals.clientGone.aborted) return { failure: CHAT_MESSAGES.unexpected, outcome: 'client-gone' };
    if (signals.deadline.aborted) return { failure: CHAT_MESSAGES.timeout, outcome: 'timeout' };
    if (error instanceof ProviderError) {
      if (error.kind === 'connection') {
        this.deps.log.warn({ err: error.cause ?? error }, 'assistant: the AI service could not be reached');
        return { failure: CHAT_MESSAGES.connectionError, outcome: 'connection-error' };
      }
      this.deps.log.warn({ err: error.cause ?? error, status: error.status }, 'assistant: the AI service failed');
      return { failure: CHAT_MESSAGES.serverError, outcome: error.status === 429 ? 'upstream-rate-limited' : 'upstream-error' };
    }
    this.deps.log.error({ err: error }, 'assistant: reply failed');
    return { failure: CHAT_MESSAGES.serverError, outcome: 'error' };
  }
}

/** Resolves with `promise`, or rejects as soon as `signal` aborts (a provider that ignores it cannot hold the reply). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => undefined);
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

function isConversation(content: string): boolean {
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch {
    return false;
  }
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every(
      (item) =>
        typeof item === 'object' &&
        item !== null &&
        (CHAT_ROLES as readonly unknown[]).includes((item as { role?: unknown }).role) &&
        typeof (item as { content?: unknown }).content === 'string',
    )
  );
}
