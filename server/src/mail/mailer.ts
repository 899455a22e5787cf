import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config.ts';

/** `headers`: extra header lines, such as `List-Unsubscribe` on reminders. */
export type MailMessage = { to: string; subject: string; text: string; replyTo?: string; headers?: Record<string, string> };

export type Mailer = {
  /** True when messages leave the machine; e-mail verification is on only then. */
  readonly delivers: boolean;
  send(message: MailMessage): Promise<void>;
  /** Deletes every copy of mail to this address the mailer kept (the outbox's files); SMTP keeps none. */
  forgetRecipient(address: string): Promise<void>;
};

export function createMailer(config: Config['mail'], log: FastifyBaseLogger): Mailer {
  return config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.from) : new OutboxMailer(config.outboxDir, config.from, log);
}

class SmtpMailer implements Mailer {
  readonly delivers = true;
  private readonly transport;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    const url = new URL(smtpUrl);
    for (const [key, value] of Object.entries({ connectionTimeout: '10000', greetingTimeout: '10000', socketTimeout: '20000' })) {
      if (!url.searchParams.has(key)) url.searchParams.set(key, value);
    }
    this.transport = nodemailer.createTransport(url.href);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
  }

  async forgetRecipient(): Promise<void> {}
}

/**
 * With no SMTP server, mail is written as .eml files under DATA_DIR/outbox so that a person on a
 * fresh machine can still read a reset link. Each recipient has a folder named by a hash of the
 * address, so that an account's mail can be deleted with it. Nothing is kept in memory, and the
 * log names neither the address nor the body (bodies carry single-use tokens).
 */
export class OutboxMailer implements Mailer {
  readonly delivers = false;
  private sequence = 0;

  constructor(
    readonly dir: string,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const sentAt = new Date();
    this.sequence += 1;
    const folder = this.folderOf(message.to);
    await mkdir(folder, { recursive: true, mode: 0o700 });
    // Names sort in the order the mail was sent, across folders too.
    const name = `${sentAt.toISOString().replaceAll(':', '-')}-${String(this.sequence).padStart(8, '0')}-${randomBytes(4).toString('hex')}.eml`;
    const eml = [
      `From: ${this.from}`,
      `To: ${message.to}`,
      ...(message.replyTo ? [`Reply-To: ${message.replyTo}`] : []),
      `Subject: ${message.subject}`,
      `Date: ${sentAt.toUTCString()}`,
      ...Object.entries(message.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
      'Content-Type: text/plain; charset=utf-8',
      '',
      message.text,
    ].join('\r\n');
    const file = path.join(folder, name);
    await writeFile(file, eml, { mode: 0o600 });
    this.log.info({ file }, 'mail saved to the local outbox');
  }

  async forgetRecipient(address: string): Promise<void> {
    await rm(this.folderOf(address), { recursive: true, force: true });
  }

  /** The recipient's folder: a hash of the address as it is compared everywhere (trimmed, any case). */
  private folderOf(address: string): string {
    return path.join(this.dir, createHash('sha256').update(address.trim().toLowerCase()).digest('hex').slice(0, 32));
  }
}
