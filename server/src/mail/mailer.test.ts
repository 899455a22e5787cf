import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readOutbox } from '#server/testing/test-outbox.ts';
import { OutboxMailer } from './mailer.ts';

let dir: string;
let logged: unknown[];
const log = { info: (...args: unknown[]) => logged.push(args) } as never;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'stacklab-outbox-'));
  logged = [];
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const resetMail = (to: string) => ({ to, subject: 'Reset your StackLab password', text: `Open https://stacklab.test/reset?token=secret-${to}` });

describe('the local outbox', () => {
  it('writes each message as a file and logs neither the address nor the body', async () => {
    const outbox = new OutboxMailer(dir, 'StackLab <no-reply@localhost>', log);
    await outbox.send(resetMail('ada@example.com'));
    expect(readOutbox(dir)).toEqual([expect.objectContaining({ to: 'ada@example.com', subject: 'Reset your StackLab password', text: 'Open https://stacklab.test/reset?token=secret-ada@example.com' })]);
    expect(logged).toHaveLength(1);
    expect(JSON.stringify(logged)).not.toMatch(/ada@example\.com|secret-/);
  });

  it('keeps no message in memory', async () => {
    const outbox = new OutboxMailer(dir, 'StackLab <no-reply@localhost>', log);
    await outbox.send(resetMail('ada@example.com'));
    for (const value of Object.values(outbox)) expect(JSON.stringify(value) ?? '').not.toContain('secret-');
  });

  it("forgets one recipient's mail, whatever the address's case, and keeps everyone else's", async () => {
    const outbox = new OutboxMailer(dir, 'StackLab <no-reply@localhost>', log);
    await outbox.send(resetMail('Ada@Example.com'));
    await outbox.send(resetMail('ada@example.com'));
    await outbox.send(resetMail('bob@example.com'));
    await outbox.forgetRecipient('ADA@example.com ');
    expect(readOutbox(dir).map((message) => message.to)).toEqual(['bob@example.com']);
    expect(await readdir(dir)).toHaveLength(1);
  });
});
