import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type CSSProperties, lazy, type ReactNode, Suspense } from 'react';
import { usePendingReauth } from '#web/lib/reauth.ts';
import { useThemeChoice } from '#web/lib/theme.ts';

// Its own chunk, out of the way of the page's first drawing: a toast shown before it has loaded
// is not lost, since sonner hands the toasts still showing to a toaster as it subscribes.
const Toaster = lazy(() => import('#web/components/ui/toaster.tsx').then((module) => ({ default: module.Toaster })));
const ReauthDialog = lazy(() => import('#web/components/reauth/reauth-dialog.tsx').then((module) => ({ default: module.ReauthDialog })));

/** The password dialog of `withReauth`, loaded the first time an action asks for it. */
function ReauthWhenAsked() {
  const request = usePendingReauth();
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <ReauthDialog />
    </Suspense>
  );
}

/**
 * Data and toasts for the whole app. Toasts follow product.md, Pages: one visible at a time,
 * 5000 ms by default, F8 to jump to them.
 */
/**
 * Sonner's rich colours put their text at about 3:1 to 4.4:1 on their tinted backgrounds; these
 * darker texts reach WCAG AA (4.5:1) on the same backgrounds. In the dark theme, sonner's own
 * light texts on its dark tints already do.
 */
const TOAST_TEXT_COLOURS = {
  '--success-text': 'light-dark(hsl(140, 100%, 22%), hsl(150, 86%, 65%))',
  '--info-text': 'light-dark(hsl(210, 92%, 35%), hsl(216, 87%, 65%))',
  '--warning-text': 'light-dark(hsl(31, 92%, 28%), hsl(46, 87%, 65%))',
  '--error-text': 'light-dark(hsl(360, 100%, 36%), hsl(358, 100%, 81%))',
} as CSSProperties;

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const theme = useThemeChoice();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ReauthWhenAsked />
      <Suspense fallback={null}>
        <Toaster
          theme={theme}
          visibleToasts={1}
          duration={5000}
          hotkey={['F8']}
          position="top-center"
          richColors
          closeButton
          swipeDirections={['right', 'left']}
          toastOptions={{ classNames: { toast: 'font-sans' } }}
          style={TOAST_TEXT_COLOURS}
        />
      </Suspense>
    </QueryClientProvider>
  );
}
