import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config.ts';

export type MailMessage = { to: string; subject: string; text: string; replyTo?: string };

export type Mailer = {
  /** True when messages leave the machine; e-mail verification is on only then. */
  readonly delivers: boolean;
  send(message: MailMessage): Promise<void>;
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
}

/**
 * With no SMTP server, mail is written as .eml files under DATA_DIR/outbox so that a person on a
 * fresh machine can still read a reset link. The log names the file, not the body: bodies carry
 * single-use tokens, and tokens never go to logs.
 */
export class OutboxMailer implements Mailer {
  readonly delivers = false;
  readonly messages: (MailMessage & { sentAt: Date })[] = [];

  constructor(
    private readonly dir: string,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const sentAt = new Date();
    this.messages.push({ ...message, sentAt });
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const file = path.join(this.dir, `${sentAt.toISOString().replaceAll(':', '-')}-${this.messages.length}.eml`);
    const eml = [
      `From: ${this.from}`,
      `To: ${message.to}`,
      ...(message.replyTo ? [`Reply-To: ${message.replyTo}`] : []),
      `Subject: ${message.subject}`,
      `Date: ${sentAt.toUTCString()}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      message.text,
    ].join('\r\n');
    await writeFile(file, eml, { mode: 0o600 });
    this.log.info({ mailTo: message.to, subject: message.subject, file }, 'mail saved to the local outbox');
  }
}
