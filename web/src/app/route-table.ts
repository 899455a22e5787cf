import { matchRoutes } from 'react-router';

/**
 * The route table of spec section 2 (with decisions section 5), by session state. It is data so
 * that it can be tested without a browser; `app-routes.tsx` turns it into <Route> elements.
 */
export type Screen =
  | 'loading'
  | 'not-found'
  | 'landing'
  | 'auth'
  | 'signup'
  | 'forgot-password'
  | 'reset-password'
  | 'verify-email'
  | 'signed-in-redirect'
  | 'terms'
  | 'privacy'
  | 'about'
  | 'learn'
  | 'learn-post'
  | 'ask'
  | 'contact'
  | 'research'
  | 'research-post'
  | 'dashboard'
  | 'subscription'
  | 'payment-success'
  | 'profile'
  | 'health-stats'
  | 'supplement-history'
  | 'labs'
  | 'admin'
  | 'admin-supplements'
  | 'admin-users'
  | 'admin-blog'
  | 'share';

export type SessionState = { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; isAdmin: boolean };

export type RouteEntry = { path: string; screen: Screen };

/** Checked first and reachable in any state, even while the session loads. */
const PUBLIC_CONTENT: RouteEntry[] = [
  { path: '/terms-of-service', screen: 'terms' },
  { path: '/privacy-policy', screen: 'privacy' },
  { path: '/privacy', screen: 'privacy' },
  { path: '/about', screen: 'about' },
  { path: '/learn', screen: 'learn' },
  { path: '/learn/:slug', screen: 'learn-post' },
  { path: '/ask', screen: 'ask' },
  { path: '/contact', screen: 'contact' },
  { path: '/research', screen: 'research' },
  { path: '/research/:slug', screen: 'research-post' },
];

/**
 * Public pages outside the app's layout (no header, footer or cookie banner), in every state: the
 * read-only view a share link opens for a clinician.
 */
export const STANDALONE: RouteEntry[] = [{ path: '/share/:token', screen: 'share' }];

/** Links from e-mails work whoever is signed in on this browser. */
const EMAIL_LINKS: RouteEntry[] = [
  { path: '/verify-email', screen: 'verify-email' },
  { path: '/reset-password', screen: 'reset-password' },
];

const SIGNED_IN: RouteEntry[] = [
  { path: '/', screen: 'dashboard' },
  { path: '/dashboard', screen: 'dashboard' },
  { path: '/subscription', screen: 'subscription' },
  { path: '/subscription-page', screen: 'subscription' },
  { path: '/payment-success', screen: 'payment-success' },
  { path: '/profile', screen: 'profile' },
  { path: '/health-stats', screen: 'health-stats' },
  { path: '/supplement-history', screen: 'supplement-history' },
  { path: '/labs', screen: 'labs' },
  // Signing in lands here (Google's return, a stale tab): send the user on rather than show a 404.
  { path: '/auth', screen: 'signed-in-redirect' },
  { path: '/signup', screen: 'signed-in-redirect' },
  { path: '/forgot-password', screen: 'signed-in-redirect' },
];

const ADMIN: RouteEntry[] = [
  { path: '/admin', screen: 'admin' },
  { path: '/admin/supplements', screen: 'admin-supplements' },
  { path: '/admin/users', screen: 'admin-users' },
  { path: '/admin/blog', screen: 'admin-blog' },
];

const SIGNED_OUT: RouteEntry[] = [
  { path: '/', screen: 'landing' },
  { path: '/subscription', screen: 'subscription' },
  { path: '/subscription-page', screen: 'subscription' },
  { path: '/payment-success', screen: 'payment-success' },
  { path: '/auth', screen: 'auth' },
  { path: '/signup', screen: 'signup' },
  { path: '/forgot-password', screen: 'forgot-password' },
];

export function routesFor(session: SessionState): RouteEntry[] {
  const first = [...STANDALONE, ...PUBLIC_CONTENT, ...EMAIL_LINKS];
  switch (session.status) {
    case 'loading':
      return [...first, { path: '*', screen: 'loading' }];
    case 'signed-out':
      return [...first, ...SIGNED_OUT, { path: '*', screen: 'landing' }];
    case 'signed-in':
      return [...first, ...SIGNED_IN, ...(session.isAdmin ? ADMIN : []), { path: '*', screen: 'not-found' }];
  }
}

/** Which screen a path shows in a session state (the same matching the router does). */
export function resolveScreen(pathname: string, session: SessionState): Screen {
  const routes = routesFor(session);
  const matches = matchRoutes(
    routes.map((route) => ({ path: route.path })),
    pathname,
  );
  const matched = matches?.[0]?.route.path;
  return routes.find((route) => route.path === matched)?.screen ?? 'not-found';
}
