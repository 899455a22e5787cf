import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthResult } from '#contract/auth.ts';
import type { Passkey, RecoveryCodes, TotpSetup, TwoFactorProof, TwoFactorStatus } from '#contract/two-factor.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { refreshUser, setSignedInUser } from '#web/lib/session.ts';

type Options = Parameters<typeof startRegistration>[0]['optionsJSON'];
type RequestOptions = Parameters<typeof startAuthentication>[0]['optionsJSON'];

export const twoFactorQueryOptions = queryOptions({
  queryKey: ['two-factor'],
  queryFn: ({ signal }) => apiFetch<TwoFactorStatus>('/api/two-factor', { signal }),
});

export const passkeysQueryOptions = queryOptions({
  queryKey: ['passkeys'],
  queryFn: ({ signal }) => apiFetch<{ passkeys: Passkey[] }>('/api/passkeys', { signal }).then((data) => data.passkeys),
});

export function useTwoFactorStatus() {
  return useQuery(twoFactorQueryOptions);
}

export function usePasskeys() {
  return useQuery(passkeysQueryOptions);
}

/** Refreshes both lists after any change to how the account signs in. */
function useSettingsMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: twoFactorQueryOptions.queryKey });
      void queryClient.invalidateQueries({ queryKey: passkeysQueryOptions.queryKey });
    },
  });
}

export function useStartTotpSetup() {
  return useMutation({ mutationFn: (password: string | undefined) => apiFetch<TotpSetup>('/api/two-factor/totp/setup', { method: 'POST', body: { password } }) });
}

export function useEnableTotp() {
  return useSettingsMutation((code: string) => apiFetch<RecoveryCodes>('/api/two-factor/totp/enable', { method: 'POST', body: { code } }));
}

export function useDisableTwoFactor() {
  return useSettingsMutation((proof: TwoFactorProof) => apiFetch<{ message: string }>('/api/two-factor/disable', { method: 'POST', body: proof }));
}

export function useNewRecoveryCodes() {
  return useSettingsMutation((proof: TwoFactorProof) => apiFetch<RecoveryCodes>('/api/two-factor/recovery-codes', { method: 'POST', body: proof }));
}

/** Asks the browser to create a passkey, then registers it under the given name. */
export function useAddPasskey() {
  return useSettingsMutation(async ({ name, password }: { name: string; password: string | undefined }) => {
    const optionsJSON = await apiFetch<Options>('/api/passkeys/registration-options', { method: 'POST', body: { password } });
    const response = await startRegistration({ optionsJSON });
    return apiFetch<Passkey>('/api/passkeys', { method: 'POST', body: { name, response } });
  });
}

export function useRemovePasskey() {
  return useSettingsMutation((passkey: Passkey) => apiFetch<{ message: string }>(`/api/passkeys/${encodeURIComponent(passkey.id)}`, { method: 'DELETE' }));
}

/** Stores the signed-in user an answer carries, as the password sign-in does. */
function useSignInMutation<Input>(mutationFn: (input: Input) => Promise<AuthResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result) => {
      if (result.user) setSignedInUser(queryClient, result.user);
      void refreshUser(queryClient);
    },
  });
}

/** Signs in with a passkey the browser offers: no username or password. */
export function usePasskeySignIn() {
  return useSignInMutation(async () => {
    const optionsJSON = await apiFetch<RequestOptions>('/api/auth/passkey/options', { method: 'POST' });
    const response = await startAuthentication({ optionsJSON });
    return apiFetch<AuthResult>('/api/auth/passkey', { method: 'POST', body: { response } });
  });
}

/** The second step of a sign-in: a code (authenticator or recovery), or one of the account's passkeys. */
export function useSecondFactor() {
  return useSignInMutation(async (input: { token: string; code: string } | { token: string; passkey: true }) => {
    if ('code' in input) return apiFetch<AuthResult>('/api/auth/two-factor', { method: 'POST', body: input });
    const optionsJSON = await apiFetch<RequestOptions>('/api/auth/two-factor/passkey-options', { method: 'POST', body: { token: input.token } });
    const passkey = await startAuthentication({ optionsJSON });
    return apiFetch<AuthResult>('/api/auth/two-factor', { method: 'POST', body: { token: input.token, passkey } });
  });
}
