import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type CSSProperties, lazy, type ReactNode, Suspense } from 'react';

// Its own chunk, out of the way of the page's first drawing: a toast shown before it has loaded
// is not lost, since sonner hands the toasts still showing to a toaster as it subscribes.
const Toaster = lazy(() => import('#web/components/ui/toaster.tsx').then((module) => ({ default: module.Toaster })));

/**
 * Data and toasts for the whole app. Toasts follow spec section 9: one visible at a time,
 * 5000 ms by default, F8 to jump to them.
 */
/**
 * Sonner's rich colours put their text at about 3:1 to 4.4:1 on their tinted backgrounds; these
 * darker texts reach WCAG AA (4.5:1) on the same backgrounds.
 */
const TOAST_TEXT_COLOURS = {
  '--success-text': 'hsl(140, 100%, 22%)',
  '--info-text': 'hsl(210, 92%, 35%)',
  '--warning-text': 'hsl(31, 92%, 28%)',
  '--error-text': 'hsl(360, 100%, 36%)',
} as CSSProperties;

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Suspense fallback={null}>
        <Toaster
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
