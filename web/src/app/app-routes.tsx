import type { QueryClient } from '@tanstack/react-query';
import type { User } from '#contract/auth.ts';
import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation, useSearchParams } from 'react-router';
import { NotFound } from '#web/components/errors/not-found.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { clearGoogleSignup, peekGoogleSignup } from '#web/features/auth/utils/google-signup.ts';
import { lazyWithPreload } from '#web/lib/lazy-with-preload.ts';
import { hydrateFromDocument } from '#web/lib/page-data.ts';
import { useUser } from '#web/lib/session.ts';
import type { AnyQueryOptions } from '#web/lib/use-first-answers.ts';
import { RootLayout } from './layouts/root-layout.tsx';
import { USER_QUERY_KEY } from '#contract/page-data.ts';
import { isStandalone, resolveScreen, routesFor, STANDALONE, type Screen, type SessionState } from '#contract/routes.ts';

type PageScreen = Exclude<Screen, 'loading' | 'not-found' | 'signed-in-redirect'>;

// Every page is its own chunk, so the landing page ships only what it shows.
const pageModules: Record<PageScreen, () => Promise<{ default: ComponentType }>> = {
  landing: () => import('./routes/landing.tsx'),
  auth: () => import('./routes/auth.tsx'),
  signup: () => import('./routes/signup.tsx'),
  'forgot-password': () => import('./routes/forgot-password.tsx'),
  'reset-password': () => import('./routes/reset-password.tsx'),
  'verify-email': () => import('./routes/verify-email.tsx'),
  terms: () => import('./routes/terms.tsx'),
  privacy: () => import('./routes/privacy.tsx'),
  about: () => import('./routes/about.tsx'),
  contact: () => import('./routes/contact.tsx'),
  learn: () => import('./routes/learn.tsx'),
  'learn-post': () => import('./routes/learn-post.tsx'),
  research: () => import('./routes/research.tsx'),
  'research-post': () => import('./routes/research-post.tsx'),
  ask: () => import('./routes/ask.tsx'),
  dashboard: () => import('./routes/dashboard.tsx'),
  subscription: () => import('./routes/subscription.tsx'),
  'payment-success': () => import('./routes/payment-success.tsx'),
  profile: () => import('./routes/profile.tsx'),
  'health-stats': () => import('./routes/health-stats.tsx'),
  insights: () => import('./routes/insights.tsx'),
  'supplement-history': () => import('./routes/supplement-history.tsx'),
  labs: () => import('./routes/labs.tsx'),
  admin: () => import('./routes/admin.tsx'),
  'admin-supplements': () => import('./routes/admin-supplements.tsx'),
  'admin-users': () => import('./routes/admin-users.tsx'),
  'admin-blog': () => import('./routes/admin-blog.tsx'),
  'admin-interactions': () => import('./routes/admin-interactions.tsx'),
  share: () => import('./routes/share.tsx'),
};

const pages = Object.fromEntries(
  Object.entries(pageModules).map(([screen, load]) => [screen, lazyWithPreload(() => load().then((module) => module.default))]),
) as Record<PageScreen, ReturnType<typeof lazyWithPreload<object>>>;

// The first data of the pages that wait for all of it (useFirstAnswers), in modules of their own.
type FirstQueries = (user: User) => readonly AnyQueryOptions[];
const loadFirstQueries: Partial<Record<PageScreen, () => Promise<FirstQueries>>> = {
  dashboard: () => import('./routes/dashboard.queries.ts').then((module) => module.firstQueries),
  labs: () => import('./routes/labs.queries.ts').then((module) => module.firstQueries),
  insights: () => import('./routes/insights.queries.ts').then((module) => module.firstQueries),
};

function isPage(screen: Screen): screen is PageScreen {
  return screen in pageModules;
}

/** How long the first drawing waits for data the page's document did not carry; then the page shows its own spinner. */
const FIRST_DATA_WAIT_MS = 1000;

/**
 * Render as you fetch. The page's document names who is signed in, carries the page's first data
 * and preloads the page's code (server/src/http/page-document.ts): the answer resolves once that
 * code is in and the first data is in the query cache, so that React's first drawing is the page
 * complete (the document's own header and spinner show meanwhile). Where the document carries
 * nothing (Vite's development server), the app asks the API as it draws.
 */
export async function startPage(queryClient: QueryClient, pathname: string): Promise<void> {
  if (!hydrateFromDocument(queryClient)) return;
  const user = queryClient.getQueryData<User | null>(USER_QUERY_KEY);
  if (user === undefined) return;
  const screen = resolveScreen(pathname, user ? { status: 'signed-in', isAdmin: user.isAdmin } : { status: 'signed-out' });
  if (!isPage(screen)) return;
  const firstData = user
    ? loadFirstQueries[screen]?.().then((firstQueries) => Promise.all(firstQueries(user).map((options) => queryClient.prefetchQuery(options))))
    : undefined;
  await Promise.all([
    // A page whose code fails to load is drawn by its lazy path, which shows the error.
    pages[screen].preload().catch(() => undefined),
    firstData && Promise.race([firstData, new Promise((resolve) => setTimeout(resolve, FIRST_DATA_WAIT_MS))]),
  ]);
}

/**
 * A signed-in user on a sign-in page: anything else goes home. Google's return goes to the plan
 * page, or, after a sign-up, carries on as the e-mail sign-up beside the button does: the chosen
 * plan's trial or checkout (landing card), or the plan page for a new user (/auth).
 */
function SignedInRedirect() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  // Signing up stores the user and navigates on at once; the router can show the new session
  // before the new address. When the browser is already on its way elsewhere, let that land.
  if (window.location.pathname !== pathname) return null;
  const fromGoogle = params.get('oauth') === 'google' && params.get('success') === 'true';
  if (!fromGoogle) return <Navigate to="/" replace />;
  const next = peekGoogleSignup();
  if (next === 'selected-plan') return <ContinueGoogleSignup />;
  return <GoogleSignupDone to={next === 'plan-page' ? '/subscription?newUser=true' : '/subscription'} />;
}

function GoogleSignupDone({ to }: { to: string }) {
  useEffect(clearGoogleSignup, []);
  return <Navigate to={to} replace />;
}

const ContinueGoogleSignupPage = lazy(() => import('./routes/google-signup.tsx'));

function ContinueGoogleSignup() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <ContinueGoogleSignupPage />
    </Suspense>
  );
}

/** The browser tab's title per screen. */
const TITLES: Record<Screen, string | null> = {
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
  admin: 'Admin Dashboard',
  'admin-supplements': 'Manage Supplements',
  'admin-users': 'User Management',
  'admin-blog': 'Blog Management',
  'admin-interactions': 'Manage Interactions',
  share: 'Shared health data',
};

function useScreenTitle(screen: Screen) {
  useEffect(() => {
    const title = TITLES[screen];
    if (screen === 'loading' || screen === 'signed-in-redirect') return;
    // Posts set their own title (and meta tags) once they have loaded (lib/page-meta.ts).
    if (screen === 'learn-post' || screen === 'research-post') return;
    document.title = title ? `${title} · StackLab` : 'StackLab: your supplement stack and lab results, side by side';
  }, [screen]);
}

function ScreenView({ screen }: { screen: Screen }) {
  useScreenTitle(screen);
  if (screen === 'loading') return <PageSpinner />;
  if (screen === 'not-found') return <NotFound />;
  if (screen === 'signed-in-redirect') return <SignedInRedirect />;
  const Page = pages[screen];
  return <Page />;
}

function useSessionState(): SessionState {
  const { data: user, isPending, isError } = useUser();
  if (isPending) return { status: 'loading' };
  // The session could not be read (server down): treat the visitor as signed out for now.
  if (isError || !user) return { status: 'signed-out' };
  return { status: 'signed-in', isAdmin: user.isAdmin };
}

export function AppRoutes() {
  const session = useSessionState();
  return (
    <Routes>
      {STANDALONE.map((route) => (
        <Route
          key={route.path}
          path={route.path}
          element={
            <Suspense fallback={<PageSpinner />}>
              <ScreenView screen={route.screen} />
            </Suspense>
          }
        />
      ))}
      <Route element={<RootLayout />}>
        {routesFor(session).filter((route) => !isStandalone(route.screen)).map((route) => (
          <Route key={route.path} path={route.path} element={<ScreenView screen={route.screen} />} />
        ))}
      </Route>
    </Routes>
  );
}
