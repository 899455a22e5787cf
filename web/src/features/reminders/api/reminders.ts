import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushSubscriptionBody, ReminderSettings, ReminderSettingsBody } from '#contract/reminders.ts';
import { api } from '#web/lib/api.ts';

export const reminderSettingsQueryOptions = queryOptions({
  queryKey: ['reminders'],
  queryFn: ({ signal }) => api('GET /api/reminders', { signal }),
});

export function useReminderSettings() {
  return useQuery(reminderSettingsQueryOptions);
}

function useSetSettings() {
  const queryClient = useQueryClient();
  return (settings: ReminderSettings) => queryClient.setQueryData(reminderSettingsQueryOptions.queryKey, settings);
}

export function useSaveReminderSettings() {
  const setSettings = useSetSettings();
  return useMutation({
    mutationFn: (body: ReminderSettingsBody) => api('PUT /api/reminders', { body }),
    onSuccess: setSettings,
  });
}

/** Asks for notification permission, subscribes this browser with the server's key, and stores the subscription. */
export function useSubscribePush() {
  const setSettings = useSetSettings();
  return useMutation({
    mutationFn: async (publicKey: string) => {
      const subscription = await subscribeThisBrowser(publicKey);
      return api('POST /api/reminders/push-subscriptions', { body: subscription.toJSON() as PushSubscriptionBody });
    },
    onSuccess: setSettings,
  });
}

export function useUnsubscribePush() {
  const setSettings = useSetSettings();
  return useMutation({
    mutationFn: async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const subscription = await registration?.pushManager.getSubscription();
      if (!subscription) return undefined;
      await subscription.unsubscribe();
      return api('DELETE /api/reminders/push-subscriptions', { body: { endpoint: subscription.endpoint } });
    },
    onSuccess: (settings) => {
      if (settings) setSettings(settings);
    },
  });
}

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

export class PushRefusedError extends Error {}

async function subscribeThisBrowser(publicKey: string): Promise<PushSubscription> {
  if (!pushSupported()) throw new PushRefusedError('This browser cannot show notifications from StackLab.');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushRefusedError('Notifications are blocked for StackLab in this browser. Allow them in the browser settings, then try again.');
  const registration = await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  if (existing) return existing;
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey) });
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
