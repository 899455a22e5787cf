import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { refreshUser } from '#web/lib/session.ts';

/** `POST /api/post-payment/attach`: a payment made signed out, added to the signed-in account. */
export function attachPayment(sessionId: string): Promise<{ ok: true; message: string }> {
  return apiFetch<{ ok: true; message: string }>('/api/post-payment/attach', { method: 'POST', body: { sessionId } });
}

export function useAttachPayment(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => attachPayment(sessionId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['billing'] });
      await refreshUser(queryClient);
    },
  });
}
