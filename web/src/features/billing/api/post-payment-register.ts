import { useMutation } from '@tanstack/react-query';
import type { PostPaymentRegisterBody } from '#contract/billing.ts';
import type { AuthResult } from '#contract/auth.ts';
import { api } from '#web/lib/api.ts';

/** `POST /api/post-payment/register`: the account for a payment made signed out; signs it in. */
export function registerAfterPayment(body: PostPaymentRegisterBody): Promise<AuthResult> {
  return api('POST /api/post-payment/register', { body });
}

export function usePostPaymentRegister() {
  return useMutation({ mutationFn: registerAfterPayment });
}
