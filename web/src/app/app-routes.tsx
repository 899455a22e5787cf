import { type ComponentType, lazy, type LazyExoticComponent, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation, useSearchParams } from 'react-router';
import { NotFound } from '#web/components/errors/not-found.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { clearGoogleSignup, peekGoogleSignup } from '#web/features/auth/utils/google-signup.ts';
import { useUser } from '#web/lib/session.ts';
import { RootLayout } from './layouts/root-layout.tsx';
import { routesFor, STANDALONE, type Screen, type SessionState } from './route-table.ts';

type Page = LazyExoticComponent<ComponentType> | ComponentType;

// Every page is its own chunk, so the landing page ships only what it shows.
const pages: Record<Exclude<Screen, 'loading' | 'not-found' | 'signed-in-redirect'>, Page> = {
  landing: lazy(() => import('./routes/landing.tsx')),
  auth: lazy(() => import('./routes/auth.tsx')),
  signup: lazy(() => import('./routes/signup.tsx')),
  'forgot-password': lazy(() => import('./routes/forgot-password.tsx')),
  'reset-password': lazy(() => import('./routes/reset-password.tsx')),
  'verify-email': lazy(() => import('./routes/verify-email.tsx')),
  terms: lazy(() => import('./routes/terms.tsx')),
  privacy: lazy(() => import('./routes/privacy.tsx')),
  about: lazy(() => import('./routes/about.tsx')),
  contact: lazy(() => import('./routes/contact.tsx')),
  learn: lazy(() => import('./routes/learn.tsx')),
  'learn-post': lazy(() => import('./routes/learn-post.tsx')),
  research: lazy(() => import('./routes/research.tsx')),
  'research-post': lazy(() => import('./routes/research-post.tsx')),
  ask: lazy(() => import('./routes/ask.tsx')),
  dashboard: lazy(() => import('./routes/dashboard.tsx')),
  subscription: lazy(() => import('./routes/subscription.tsx')),
  'payment-success': lazy(() => import('./routes/payment-success.tsx')),
  profile: lazy(() => import('./routes/profile.tsx')),
  'health-stats': lazy(() => import('./routes/health-stats.tsx')),
  'supplement-history': lazy(() => import('./routes/supplement-history.tsx')),
  labs: lazy(() => import('./routes/labs.tsx')),
  admin: lazy(() => import('./routes/admin.tsx')),
  'admin-supplements': lazy(() => import('./routes/admin-supplements.tsx')),
  'admin-users': lazy(() => import('./routes/admin-users.tsx')),
  'admin-blog': lazy(() => import('./routes/admin-blog.tsx')),
  share: lazy(() => import('./routes/share.tsx')),
};

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
  'supplement-history': 'Supplement History',
  labs: 'Biomarker Trends',
  admin: 'Admin Dashboard',
  'admin-supplements': 'Manage Supplements',
  'admin-users': 'User Management',
  'admin-blog': 'Blog Management',
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
  const standalone = new Set(STANDALONE.map((route) => route.screen));
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
        {routesFor(session).filter((route) => !standalone.has(route.screen)).map((route) => (
          <Route key={route.path} path={route.path} element={<ScreenView screen={route.screen} />} />
        ))}
      </Route>
    </Routes>
  );
}
