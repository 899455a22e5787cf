import type { Agent } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import { addDays, localDateOf } from '#contract/dates.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { type JobHandler, JobWorker } from '#server/jobs/job-worker.ts';
import { insertJobUnlessPending } from '#server/jobs/jobs.repository.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { isQuietAt } from '#contract/reminders.ts';
import { doseTimeMinutes } from '#contract/schedule.ts';
import { biomarkerNamesOf } from '#server/features/labs/public.ts';
import {
  type ReminderRecipient,
  claimReminderSends,
  claimRetests,
  findDueRetests,
  releaseRetests,
  deletePushSubscriptionById,
  findLoggedSupplementIds,
  findPushSubscriptions,
  findReminderRecipients,
  findStack,
  purgeOldReminderSends,
  releaseReminderSends,
} from './reminders.repository.ts';
import { type DueReminder, NUDGE_SLOT, dueReminders, localMinuteOf } from './reminders.due.ts';
import { unsubscribeUrl } from './reminders.service.ts';

export const REMINDERS_SCAN_JOB = 'reminders.scan';
const RECIPIENTS_PER_PAGE = 500;
/** A push the phone has not picked up within an hour is stale: the push service drops it. */
const PUSH_TTL_SECONDS = 3600;

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export type ReminderSenderOptions = {
  db: Db;
  mailer: Mailer;
  log: Log;
  publicUrl: string;
  secret: string;
  vapid: Config['reminders']['vapid'];
  /** Tests reach a local push service over TLS with its own certificate. */
  pushAgent?: Agent;
};

export type ReminderMessage = { subject: string; text: string; title: string; body: string };

/** What the reminder says: the supplements due, or, for an empty stack, how to start. */
export function reminderMessage(due: DueReminder[], dashboardUrl: string): ReminderMessage {
  if (due.some((reminder) => reminder.slot === NUDGE_SLOT)) {
    const body = 'Add the supplements you take, and StackLab will remind you when each one is due.';
    return { subject: 'Add your supplement stack', title: 'Add your supplement stack', body, text: `${body}\n\nAdd them here: ${dashboardUrl}` };
  }
  const lines = due.map((reminder) => `${reminder.slot}: ${reminder.names.join(', ')}`);
  const names = [...new Set(due.flatMap((reminder) => reminder.names))];
  const body = `Due now: ${names.join(', ')}`;
  return {
    subject: names.length === 1 ? `Time to take ${names[0]}` : 'Time for your supplements',
    title: 'Time for your supplements',
    body,
    text: `These supplements are due and not logged yet today:\n\n${lines.join('\n')}\n\nMark them taken in Today: ${dashboardUrl}`,
  };
}

/** What a retest reminder says: which biomarkers to test again (decision 040). */
export function retestMessage(names: string[], labsUrl: string): ReminderMessage {
  const list = names.join(', ');
  const body = `Time to retest: ${list}`;
  return {
    subject: names.length === 1 ? `Time to retest ${names[0]}` : 'Time for your lab retests',
    title: 'Time for a lab retest',
    body,
    text: `You planned to test these again from today:\n\n${names.join('\n')}\n\nAdd the new results on the labs page: ${labsUrl}`,
  };
}

/**
 * Finds the reminders due now and sends them: by e-mail, by push, or both. Each reminder (user,
 * local day, dose time) is claimed in the database before it is sent, so scans that overlap,
 * several processes and restarts send it once; when every channel failed the claim is given
 * back and the next scan tries again.
 */
export class ReminderSender {
  constructor(private readonly options: ReminderSenderOptions) {}

  async sendDue(now = new Date()): Promise<{ emails: number; pushes: number }> {
    const sent = { emails: 0, pushes: 0 };
    let after: string | null = null;
    for (;;) {
      const page = await findReminderRecipients(this.options.db, after, RECIPIENTS_PER_PAGE);
      for (const recipient of page) {
        try {
          for (const result of [await this.sendTo(recipient, now), await this.sendRetestsTo(recipient, now)]) {
            sent.emails += result.emails;
            sent.pushes += result.pushes;
          }
        } catch (error) {
          this.options.log.warn({ err: error, userId: recipient.userId }, 'reminder not sent');
        }
      }
      if (page.length < RECIPIENTS_PER_PAGE) break;
      after = page.at(-1)!.userId;
    }
    await purgeOldReminderSends(this.options.db, addDays(localDateOf(now, 'UTC'), -3));
    return sent;
  }

  private async sendTo(recipient: ReminderRecipient, now: Date): Promise<{ emails: number; pushes: number }> {
    const { db } = this.options;
    const localDate = localDateOf(now, recipient.timeZone);
    const quietHours = recipient.quietStart && recipient.quietEnd ? { start: recipient.quietStart, end: recipient.quietEnd } : null;
    const subscriptions = recipient.pushEnabled ? await findPushSubscriptions(db, recipient.userId) : [];
    if (!recipient.emailEnabled && subscriptions.length === 0) return { emails: 0, pushes: 0 };
    const stack = await findStack(db, recipient.userId);
    const logged = stack.length > 0 ? await findLoggedSupplementIds(db, recipient.userId, localDate) : new Set<string>();
    const due = dueReminders({ stack, logged, localDate, minute: localMinuteOf(now, recipient.timeZone), quietHours });
    const claimed = await claimReminderSends(db, recipient.userId, localDate, due.map((reminder) => reminder.slot));
    if (claimed.length === 0) return { emails: 0, pushes: 0 };
    const message = reminderMessage(due.filter((reminder) => claimed.includes(reminder.slot)), `${this.options.publicUrl}/dashboard`);

    let emails = 0;
    let pushes = 0;
    if (recipient.emailEnabled) emails = (await this.sendEmail(recipient, message)) ? 1 : 0;
    for (const subscription of subscriptions) pushes += (await this.sendPush(subscription, message)) ? 1 : 0;
    if (emails + pushes === 0) await releaseReminderSends(db, recipient.userId, localDate, claimed);
    return { emails, pushes };
  }

  /**
   * Retests the user accepted, on their day or after, from the morning time and outside quiet
   * hours (decision 040). Each is marked sent before sending and given back if every channel failed.
   */
  private async sendRetestsTo(recipient: ReminderRecipient, now: Date): Promise<{ emails: number; pushes: number }> {
    const { db } = this.options;
    const minute = localMinuteOf(now, recipient.timeZone);
    const quietHours = recipient.quietStart && recipient.quietEnd ? { start: recipient.quietStart, end: recipient.quietEnd } : null;
    if (minute < doseTimeMinutes('morning') || isQuietAt(quietHours, minute)) return { emails: 0, pushes: 0 };
    const due = await findDueRetests(db, recipient.userId, localDateOf(now, recipient.timeZone));
    if (due.length === 0) return { emails: 0, pushes: 0 };
    const subscriptions = recipient.pushEnabled ? await findPushSubscriptions(db, recipient.userId) : [];
    if (!recipient.emailEnabled && subscriptions.length === 0) return { emails: 0, pushes: 0 };
    const claimed = await claimRetests(db, recipient.userId, due.map((retest) => retest.id));
    if (claimed.length === 0) return { emails: 0, pushes: 0 };
    const names = await biomarkerNamesOf(db, recipient.userId, due.filter((retest) => claimed.includes(retest.id)).map((retest) => retest.biomarkerKey));
    const message = retestMessage(names, `${this.options.publicUrl}/labs`);
    let emails = 0;
    let pushes = 0;
    if (recipient.emailEnabled) emails = (await this.sendEmail(recipient, message)) ? 1 : 0;
    for (const subscription of subscriptions) pushes += (await this.sendPush(subscription, message, '/labs')) ? 1 : 0;
    if (emails + pushes === 0) await releaseRetests(db, recipient.userId, claimed);
    return { emails, pushes };
  }

  private async sendEmail(recipient: ReminderRecipient, message: ReminderMessage): Promise<boolean> {
    const link = unsubscribeUrl(this.options.publicUrl, this.options.secret, recipient.userId);
    try {
      await this.options.mailer.send({
        to: recipient.email,
        subject: message.subject,
        text: `${message.text}\n\nTo stop reminder e-mails, open this link: ${link}\n(You can turn them on again in your profile.)\n`,
        headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
      return true;
    } catch (error) {
      this.options.log.warn({ err: error, userId: recipient.userId }, 'reminder e-mail not sent');
      return false;
    }
  }

  private async sendPush(subscription: { id: string; endpoint: string; p256dh: string; auth: string }, message: ReminderMessage, url = '/dashboard'): Promise<boolean> {
    const payload = JSON.stringify({ title: message.title, body: message.body, url, tag: url === '/dashboard' ? 'stacklab-reminder' : 'stacklab-retest' });
    try {
      await webpush.sendNotification({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, payload, {
        vapidDetails: this.options.vapid,
        TTL: PUSH_TTL_SECONDS,
        timeout: 10_000,
        contentEncoding: 'aes128gcm',
        ...(this.options.pushAgent ? { agent: this.options.pushAgent } : {}),
      });
      return true;
    } catch (error) {
      // The push service says the subscription is gone (the user revoked it): forget it.
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) {
        await deletePushSubscriptionById(this.options.db, subscription.id);
        return false;
      }
      this.options.log.warn({ err: error, subscriptionId: subscription.id }, 'reminder push not sent');
      return false;
    }
  }
}

/** Each scan queues the next one, so exactly one is waiting whatever the number of processes. */
export function reminderScanHandler(args: { db: Db; sender: ReminderSender; intervalMs: number }): JobHandler {
  return {
    async run(job) {
      try {
        await args.sender.sendDue(new Date());
      } finally {
        await insertJobUnlessPending(args.db, REMINDERS_SCAN_JOB, new Date(Date.now() + args.intervalMs), job.id);
      }
    },
  };
}

/** Queues the first scan when none is waiting (at start; a scan that failed for good is replaced here). */
export async function scheduleReminderScan(db: Db): Promise<void> {
  await insertJobUnlessPending(db, REMINDERS_SCAN_JOB, new Date());
}

/** The worker that sends reminders. Not started. */
export function createRemindersWorker(args: { config: Config; db: Db; mailer: Mailer; log: Log; pushAgent?: Agent }): JobWorker {
  const { config, db } = args;
  const sender = new ReminderSender({
    db,
    mailer: args.mailer,
    log: args.log,
    publicUrl: config.publicUrl,
    secret: config.sessionSecret,
    vapid: config.reminders.vapid,
    ...(args.pushAgent ? { pushAgent: args.pushAgent } : {}),
  });
  return new JobWorker({
    db,
    log: args.log,
    concurrency: 1,
    pollMs: config.jobs.pollMs,
    leaseMs: config.jobs.leaseMs,
    handlers: { [REMINDERS_SCAN_JOB]: reminderScanHandler({ db, sender, intervalMs: config.reminders.intervalMs }) },
  });
}
