import { type BrowserContext, type Page, expect } from '@playwright/test';
import { E2E } from './ports.ts';

/**
 * Web Push in headless Chromium, which has no push service: subscriptions go to the local one
 * (`E2E.pushboxUrl` reads what it received, decrypted), and a test hands a message to the
 * service worker over the DevTools protocol, as the browser's push service would.
 */
type Subscription = { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
export type ReceivedPush = { problems: string[]; payload: string | null };

/**
 * Stands in for the browser's push service: `PushManager.subscribe` answers a subscription to the
 * local push service, with the keys it decrypts with. The rest (permission, service worker, the
 * app's request to the server) is the browser's and the app's own.
 */
export async function pushThroughLocalService(context: BrowserContext, device: string): Promise<void> {
  const subscription = (await (await fetch(`${E2E.pushboxUrl}/subscription?device=${device}`)).json()) as Subscription;
  await context.addInitScript((json: Subscription) => {
    const key = (name: 'p256dh' | 'auth') => Uint8Array.from(atob(json.keys[name].replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)).buffer;
    const made = { endpoint: json.endpoint, expirationTime: null, options: {}, getKey: key, toJSON: () => json, unsubscribe: async () => true };
    let subscribed = false;
    PushManager.prototype.subscribe = async function () {
      subscribed = true;
      return made as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return subscribed ? (made as unknown as PushSubscription) : null;
    };
  }, subscription);
}

/** The service worker's registration id for the app's scope, from the DevTools protocol. */
export async function serviceWorkerRegistration(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const scope = `${new URL(page.url()).origin}/`;
  let registrationId: string | undefined;
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
    registrationId = registrations.find((one) => one.scopeURL === scope && !one.isDeleted)?.registrationId ?? registrationId;
  });
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrationId, { message: 'the service worker registered for the app' }).toBeTruthy();
  // The page is controlled while the worker is still activating; a push handed over then can be lost.
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state), { message: 'the service worker activated' }).toBe('activated');
  return {
    deliver: (data: string) => cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(scope).origin, registrationId: registrationId!, data }),
  };
}

/**
 * A tap on the shown notification: Chromium's own notification click cannot be driven headless,
 * so the service worker's `notificationclick` handler gets the event with the notification shown.
 */
export async function tapNotification(page: Page): Promise<void> {
  const context = page.context();
  const worker = context.serviceWorkers().find((one) => one.url().endsWith('/sw.js')) ?? (await context.waitForEvent('serviceworker'));
  await worker.evaluate(async () => {
    // The worker's own globals, which the page's DOM types do not name.
    const scope = self as unknown as { registration: ServiceWorkerRegistration; NotificationEvent: new (type: string, init: { notification: Notification }) => Event };
    const [notification] = await scope.registration.getNotifications();
    self.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: notification! }));
  });
}

/** The notifications the service worker shows now: what the user reads, and where a tap leads. */
export function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((one) => ({ title: one.title, body: one.body, url: (one.data as { url?: string } | null)?.url }));
  });
}
