import { describe, expect, it } from 'vitest';
import { ApiError } from './api-fetch.ts';
import { currentReauthRequest, withReauth } from './reauth.ts';

const reauthRequired = () => new ApiError({ code: 'REAUTH_REQUIRED', message: 'Please confirm it is you.', status: 403 });

/** Answers the dialog as the user would, once it opens; resolves with the message it showed. */
function answerDialog(confirmed: boolean): Promise<string> {
  return new Promise((resolve) => {
    const poll = setInterval(() => {
      const request = currentReauthRequest();
      if (!request) return;
      clearInterval(poll);
      request.settle(confirmed);
      resolve(request.message);
    }, 1);
  });
}

/** An action that needs a recent sign-in the first time it runs. */
function sensitiveAction() {
  const action = async () => {
    action.calls += 1;
    if (action.calls === 1) throw reauthRequired();
    return 'done';
  };
  action.calls = 0;
  return action;
}

describe('withReauth', () => {
  it('asks with the server message, then tries the action again once the user confirms', async () => {
    const action = sensitiveAction();
    const [result, shown] = await Promise.all([withReauth(action), answerDialog(true)]);
    expect(result).toBe('done');
    expect(shown).toBe('Please confirm it is you.');
    expect(action.calls).toBe(2);
    expect(currentReauthRequest()).toBeNull();
  });

  it('gives up with the original error when the user closes the dialog', async () => {
    const action = sensitiveAction();
    const [outcome] = await Promise.all([withReauth(action).catch((error: unknown) => error), answerDialog(false)]);
    expect(outcome).toMatchObject({ code: 'REAUTH_REQUIRED' });
    expect(action.calls).toBe(1);
  });

  it('passes any other error through without asking', async () => {
    const failure = new ApiError({ code: 'CONFLICT', message: 'Taken', status: 409 });
    await expect(withReauth(() => Promise.reject(failure))).rejects.toBe(failure);
    expect(currentReauthRequest()).toBeNull();
  });
});
