import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '#contract/errors.ts';
import { REMINDER_MESSAGES, remindersEndpoints } from '#contract/reminders.ts';
import type { RemindersService } from './reminders.service.ts';

const { settings, saveSettings, subscribe, unsubscribe } = remindersEndpoints;

const errors = { 400: errorResponseSchema, 401: errorResponseSchema };

export async function remindersRoutes(app: FastifyInstance, { reminders }: { reminders: RemindersService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(settings.path, {
    config: { access: 'user' },
    schema: { tags: ['reminders'], summary: 'Reminder settings: e-mail and push on or off, quiet hours, push devices', response: { 200: settings.response, ...errors } },
  }, async (request) => reminders.settingsOf(request.auth!.user));

  r.put(saveSettings.path, {
    config: { access: 'user' },
    schema: { tags: ['reminders'], summary: 'Saves reminder settings', body: saveSettings.body, response: { 200: saveSettings.response, ...errors } },
  }, async (request) => reminders.update(request.auth!.user, request.body));

  r.post(subscribe.path, {
    config: { access: 'user' },
    schema: { tags: ['reminders'], summary: "Saves this browser's push subscription", body: subscribe.body, response: { 200: subscribe.response, ...errors } },
  }, async (request) => reminders.subscribePush(request.auth!.user, request.body));

  r.delete(unsubscribe.path, {
    config: { access: 'user' },
    schema: { tags: ['reminders'], summary: "Forgets this browser's push subscription", body: unsubscribe.body, response: { 200: unsubscribe.response, ...errors } },
  }, async (request) => reminders.unsubscribePush(request.auth!.user, request.body.endpoint));

  await app.register(unsubscribePages, { reminders });
}

/**
 * The link in every reminder e-mail: opening it turns e-mail reminders off, signed in or not
 * (the token is the permission). Mail clients' one-click unsubscribe posts to the same address
 * (RFC 8058), from no page of ours, so that post is allowed from any origin.
 */
async function unsubscribePages(app: FastifyInstance, { reminders }: { reminders: RemindersService }): Promise<void> {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const query = z.object({ token: z.string().max(300).default('') });
  const answer = async (reply: FastifyReply, token: string) => {
    const done = await reminders.unsubscribeByToken(token);
    const body = done
      ? `<h1>${REMINDER_MESSAGES.unsubscribed}</h1><p>You will get no more reminder e-mails from StackLab. You can turn them on again in your profile.</p>`
      : `<h1>${REMINDER_MESSAGES.unsubscribeInvalid}</h1><p>You can turn e-mail reminders off in your profile.</p>`;
    return reply
      .status(done ? 200 : 400)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(unsubscribePage(done ? REMINDER_MESSAGES.unsubscribed : REMINDER_MESSAGES.unsubscribeInvalid, body));
  };

  r.get('/reminders/unsubscribe', { config: { access: 'public' }, schema: { hide: true, querystring: query } }, async (request, reply) => answer(reply, request.query.token));
  r.post(
    '/reminders/unsubscribe',
    { config: { access: 'public', allowCrossOrigin: true }, schema: { hide: true, querystring: query, body: z.unknown() } },
    async (request, reply) => answer(reply, request.query.token),
  );
}

function unsubscribePage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} · StackLab</title>
<style>body{font-family:system-ui,sans-serif;background:#f6f7f9;color:#1f2933;margin:0}main{max-width:28rem;margin:3rem auto;background:#fff;border-radius:12px;padding:2rem}a{color:#2563eb}</style>
</head>
<body>
<main>
${body}
<p><a href="/profile">Open your profile</a></p>
</main>
</body>
</html>`;
}
