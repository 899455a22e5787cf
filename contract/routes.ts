/**
 * The route table of product.md, Pages, by session state. The web turns
 * it into <Route> elements (`app-routes.tsx`); the server reads it to send each page's code with
 * its document (`page-document.ts`). Data, so that it can be tested without a browser.
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
  | 'insights'
  | 'supplement-history'
  | 'labs'
  | 'biomarker'
  | 'admin'
  | 'admin-supplements'
  | 'admin-users'
  | 'admin-blog'
  | 'admin-interactions'
  | 'share';

/**
 * The cookie that keeps the visitor's answer to the cookie banner (product.md, Pages), so
 * that the server leaves the banner out of the page's document once it is answered.
 */
export const CONSENT_COOKIE = 'stacklab_consent';
export const CONSENT_ANSWERS = ['accepted', 'declined'] as const;
export type CookieConsent = (typeof CONSENT_ANSWERS)[number];

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
  { path: '/insights', screen: 'insights' },
  { path: '/supplement-history', screen: 'supplement-history' },
  { path: '/labs', screen: 'labs' },
  { path: '/labs/biomarkers/:biomarker', screen: 'biomarker' },
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
  { path: '/admin/interactions', screen: 'admin-interactions' },
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

/** A page drawn without the app's layout: no header, footer or cookie banner. */
export function isStandalone(screen: Screen): boolean {
  return STANDALONE.some((route) => route.screen === screen);
}

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

/** The route a path shows in a session state, with the values of its `:params`. */
export type MatchedRoute = { screen: Screen; params: Record<string, string> };

/**
 * Which screen a path shows in a session state: the route the router picks. No two paths of the
 * table match the same address except through the final `*`, so the first match in the table is
 * the router's best match (routes-match.test.ts compares the two on every route).
 */
export function matchRoute(pathname: string, session: SessionState): MatchedRoute {
  const routes = routesFor(session);
  for (const route of routes) {
    const params = route.path === '*' ? undefined : pathParams(route.path, pathname);
    if (params) return { screen: route.screen, params };
  }
  return { screen: routes.find((route) => route.path === '*')?.screen ?? 'not-found', params: {} };
}

export function resolveScreen(pathname: string, session: SessionState): Screen {
  return matchRoute(pathname, session).screen;
}

/**
 * A path pattern of static segments and `:params` matched as the router does (case-insensitive,
 * trailing slash ignored): the params' values (decoded, as the router gives them), or undefined.
 */
function pathParams(pattern: string, pathname: string): Record<string, string> | undefined {
  const want = segments(pattern);
  const have = segments(pathname);
  if (want.length !== have.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, segment] of want.entries()) {
    if (segment.startsWith(':')) params[segment.slice(1)] = safeDecode(have[i]!);
    else if (segment.toLowerCase() !== have[i]!.toLowerCase()) return undefined;
  }
  return params;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/** The browser tab's title per screen (null: the page's own, or none). */
export const SCREEN_TITLES: Record<Screen, string | null> = {
  loading: null,
  'not-found': 'Page Not Found',
  landing: null,
  auth: 'Sign in or sign up',
  signup: 'Sign up',
  'forgot-password': 'Reset your password',
  'reset-password': 'Choose a new password',
  'verify-email': 'Verify your email',
  'signed-in-redirect': null,
  terms: 'Terms of Service',
  privacy: 'Privacy Policy',
  about: 'About',
  contact: 'Contact',
  learn: 'Learn',
  'learn-post': 'Learn',
  research: 'Research',
  'research-post': 'Research',
  ask: 'Ask',
  dashboard: 'Dashboard',
  subscription: 'Choose Your Plan',
  'payment-success': 'Payment',
  profile: 'Profile Settings',
  'health-stats': 'Your Health Overview',
  insights: 'Insights',
  'supplement-history': 'Supplement History',
  labs: 'Biomarker Trends',
  biomarker: 'Biomarker',
  admin: 'Admin Dashboard',
  'admin-supplements': 'Manage Supplements',
  'admin-users': 'User Management',
  'admin-blog': 'Blog Management',
  'admin-interactions': 'Manage Interactions',
  share: 'Shared health data',
};
