import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiRoute } from '#contract/api-endpoints.ts';
import type { AuthResult } from '#contract/auth.ts';
import type { Passkey, TwoFactorProof } from '#contract/two-factor.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { api, routeParts } from '#web/lib/api.ts';
import { refreshUser, setSignedInUser } from '#web/lib/session.ts';

// WebAuthn's options and responses are @simplewebauthn's types; the contract checks them only
// loosely, so these calls keep the library's types.
type Options = Parameters<typeof startRegistration>[0]['optionsJSON'];
type RequestOptions = Parameters<typeof startAuthentication>[0]['optionsJSON'];

function webAuthnCall<Answer>(route: ApiRoute, body?: unknown): Promise<Answer> {
  const { method, path } = routeParts(route);
  return apiFetch<Answer>(path, { method, body });
}

export const twoFactorQueryOptions = queryOptions({
  queryKey: ['two-factor'],
  queryFn: ({ signal }) => api('GET /api/two-factor', { signal }),
});

export const passkeysQueryOptions = queryOptions({
  queryKey: ['passkeys'],
  queryFn: ({ signal }) => api('GET /api/passkeys', { signal }).then((data) => data.passkeys),
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
  return useMutation({ mutationFn: (password: string | undefined) => api('POST /api/two-factor/totp/setup', { body: { password } }) });
}

export function useEnableTotp() {
  return useSettingsMutation((code: string) => api('POST /api/two-factor/totp/enable', { body: { code } }));
}

export function useDisableTwoFactor() {
  return useSettingsMutation((proof: TwoFactorProof) => api('POST /api/two-factor/disable', { body: proof }));
}

export function useNewRecoveryCodes() {
  return useSettingsMutation((proof: TwoFactorProof) => api('POST /api/two-factor/recovery-codes', { body: proof }));
}

/** Asks the browser to create a passkey, then registers it under the given name. */
export function useAddPasskey() {
  return useSettingsMutation(async ({ name, password }: { name: string; password: string | undefined }) => {
    const optionsJSON = await webAuthnCall<Options>('POST /api/passkeys/registration-options', { password });
    const response = await startRegistration({ optionsJSON });
    return webAuthnCall<Passkey>('POST /api/passkeys', { name, response });
  });
}

export function useRemovePasskey() {
  return useSettingsMutation((passkey: Passkey) => api('DELETE /api/passkeys/:id', { params: { id: passkey.id } }));
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
    const optionsJSON = await webAuthnCall<RequestOptions>('POST /api/auth/passkey/options');
    const response = await startAuthentication({ optionsJSON });
    return webAuthnCall<AuthResult>('POST /api/auth/passkey', { response });
  });
}

/** The second step of a sign-in: a code (authenticator or recovery), or one of the account's passkeys. */
export function useSecondFactor() {
  return useSignInMutation(async (input: { token: string; code: string } | { token: string; passkey: true }) => {
    if ('code' in input) return api('POST /api/auth/two-factor', { body: input });
    const optionsJSON = await webAuthnCall<RequestOptions>('POST /api/auth/two-factor/passkey-options', { token: input.token });
    const passkey = await startAuthentication({ optionsJSON });
    return webAuthnCall<AuthResult>('POST /api/auth/two-factor', { token: input.token, passkey });
  });
}
