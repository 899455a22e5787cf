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
import { fetchFirstAnswers } from '#web/lib/use-first-answers.ts';
import { RootLayout } from './layouts/root-layout.tsx';
import { firstQueriesOf, USER_QUERY_KEY } from '#contract/page-data.ts';
import { isStandalone, matchRoute, routesFor, SCREEN_TITLES, STANDALONE, type Screen, type SessionState } from '#contract/routes.ts';

// Every page is its own chunk, `routes/<screen>.tsx`, found by its name (pages.test.ts holds
// the files and the route table to each other), so the landing page ships only what it shows.
const pageModules = import.meta.glob<{ default: ComponentType }>('./routes/*.tsx');

type Page = ReturnType<typeof lazyWithPreload<object>>;
const pages = new Map<Screen, Page>();

/** The screen's page, or undefined for a screen drawn without one (the spinner, the 404 screen, a redirect). */
function pageOf(screen: Screen): Page | undefined {
  const load = pageModules[`./routes/${screen}.tsx`];
  if (!load) return undefined;
  let page = pages.get(screen);
  if (!page) pages.set(screen, (page = lazyWithPreload(() => load().then((module) => module.default))));
  return page;
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
  const { screen, params } = matchRoute(pathname, user ? { status: 'signed-in', isAdmin: user.isAdmin } : { status: 'signed-out' });
  const page = pageOf(screen);
  if (!page) return;
  // What the document did not carry (an answer the server could not give), asked for at once.
  const firstData = user ? fetchFirstAnswers(queryClient, firstQueriesOf(screen, user, { params })) : undefined;
  await Promise.all([
    // A page whose code fails to load is drawn by its lazy path, which shows the error.
    page.preload().catch(() => undefined),
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

const ContinueGoogleSignupPage = lazy(() => import('./routes/parts/google-signup.tsx'));

function ContinueGoogleSignup() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <ContinueGoogleSignupPage />
    </Suspense>
  );
}

function useScreenTitle(screen: Screen) {
  useEffect(() => {
    const title = SCREEN_TITLES[screen];
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
  const Page = pageOf(screen);
  return Page ? <Page /> : <NotFound />;
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
