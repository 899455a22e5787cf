import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type MailMessage, OutboxMailer } from '#server/mail/mailer.ts';

export type OutboxMessage = MailMessage & { file: string };

/** The local outbox, with the mail it holds read back from its files, oldest first (tests only). */
export class TestOutbox extends OutboxMailer {
  get messages(): OutboxMessage[] {
    return readOutbox(this.dir);
  }
}

export function readOutbox(dir: string): OutboxMessage[] {
  if (!existsSync(dir)) return [];
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.eml'))
    .sort((a, b) => path.basename(a).localeCompare(path.basename(b)));
  return files.map((name) => parseEml(path.join(dir, name)));
}

const STANDARD_HEADERS = new Set(['from', 'to', 'reply-to', 'subject', 'date', 'content-type']);

/** Extra headers come back with lower-case names. */
function parseEml(file: string): OutboxMessage {
  const eml = readFileSync(file, 'utf8');
  const split = eml.indexOf('\r\n\r\n');
  const headers = new Map(
    eml
      .slice(0, split)
      .split('\r\n')
      .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()] as const),
  );
  const replyTo = headers.get('reply-to');
  const extra = Object.fromEntries([...headers].filter(([name]) => !STANDARD_HEADERS.has(name)));
  return {
    to: headers.get('to') ?? '',
    subject: headers.get('subject') ?? '',
    text: eml.slice(split + 4),
    ...(replyTo ? { replyTo } : {}),
    ...(Object.keys(extra).length > 0 ? { headers: extra } : {}),
    file,
  };
}
