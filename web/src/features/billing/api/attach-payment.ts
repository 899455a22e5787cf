import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { refreshUser } from '#web/lib/session.ts';

/** `POST /api/post-payment/attach`: a payment made signed out, added to the signed-in account. */
export function attachPayment(sessionId: string): Promise<{ ok: true; message: string }> {
  return api('POST /api/post-payment/attach', { body: { sessionId } });
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
