import { useSyncExternalStore } from 'react';
import { ApiError, isApiError } from './api-fetch.ts';
import { api } from './api.ts';

/**
 * The web's one answer to REAUTH_REQUIRED: the action asks for the password in a dialog (mounted
 * once, in the app's providers), and is tried again once the user has confirmed who they are.
 */
export type ReauthRequest = { id: number; message: string; settle(confirmed: boolean): void };

let pending: ReauthRequest | null = null;
let asked = 0;
const listeners = new Set<() => void>();

function setPending(next: ReauthRequest | null): void {
  pending = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The request the dialog is showing, or null. */
export function currentReauthRequest(): ReauthRequest | null {
  return pending;
}

export function usePendingReauth(): ReauthRequest | null {
  return useSyncExternalStore(subscribe, currentReauthRequest, () => null);
}

/** Opens the dialog; true once the user confirmed, false when they closed it. */
function askToReauthenticate(message: string): Promise<boolean> {
  pending?.settle(false);
  return new Promise((resolve) => {
    asked += 1;
    const request: ReauthRequest = {
      id: asked,
      message,
      settle: (confirmed) => {
        if (pending === request) setPending(null);
        resolve(confirmed);
      },
    };
    setPending(request);
  });
}

/** Runs the action; when it answers REAUTH_REQUIRED, asks for the password and runs it once more. */
export async function withReauth<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (!isApiError(error) || error.code !== 'REAUTH_REQUIRED') throw error;
    if (!(await askToReauthenticate(error.message))) throw error;
    return action();
  }
}

/**
 * For a download (a plain link the browser follows, whose error the page never sees): asks the
 * server first whether this session's proof of identity is recent, and the user when it is not.
 * False when the user closed the dialog.
 */
export async function confirmRecentSignIn(): Promise<boolean> {
  try {
    await withReauth(async () => {
      const { recent } = await api('GET /api/auth/reauthentication');
      if (!recent) throw new ApiError({ code: 'REAUTH_REQUIRED', message: REAUTH_PROMPT, status: 403 });
    });
    return true;
  } catch (error) {
    if (isApiError(error) && error.code === 'REAUTH_REQUIRED') return false;
    throw error;
  }
}

const REAUTH_PROMPT = 'For your safety, please confirm it is you before downloading your data.';
