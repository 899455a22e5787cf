import type { ContactBody } from '#contract/auth.ts';
import type { Db } from '#server/db/client.ts';
import { RATE_RULES, type RateLimiter } from '#server/features/rate-limits/rate-limits.service.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { insertContactMessage } from './contact.repository.ts';

/** A message is stored first, so that a mail failure never loses it. */
export class ContactService {
  constructor(private readonly deps: { db: Db; mailer: Mailer; limiter: RateLimiter; supportEmail: string }) {}

  async submit(body: ContactBody, sender: { userId: string | null; ipAddress: string }): Promise<void> {
    await this.deps.limiter.consume(RATE_RULES.contactPerAddress, sender.ipAddress);
    await insertContactMessage(this.deps.db, { ...body, userId: sender.userId });
    await this.deps.mailer.send({
      to: this.deps.supportEmail,
      replyTo: body.email,
      subject: `Contact form: ${body.name}`,
      text: `From: ${body.name} <${body.email}>\n\n${body.message}`,
    });
  }
}
