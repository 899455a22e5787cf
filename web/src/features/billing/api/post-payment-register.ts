import { useMutation } from '@tanstack/react-query';
import type { PostPaymentRegisterBody } from '#contract/billing.ts';
import type { AuthResult } from '#contract/auth.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';

/** `POST /api/post-payment/register`: the account for a payment made signed out; signs it in. */
export function registerAfterPayment(body: PostPaymentRegisterBody): Promise<AuthResult> {
  return apiFetch<AuthResult>('/api/post-payment/register', { method: 'POST', body });
}

export function usePostPaymentRegister() {
  return useMutation({ mutationFn: registerAfterPayment });
}
