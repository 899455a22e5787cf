import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toaster } from 'sonner';
import { createQueryClient } from '#web/lib/query-client.ts';

/**
 * Data and toasts for the whole app. Toasts follow spec section 9: one visible at a time,
 * 5000 ms by default, F8 to jump to them.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster
        visibleToasts={1}
        duration={5000}
        hotkey={['F8']}
        position="top-center"
        richColors
        closeButton
        swipeDirections={['right', 'left']}
        toastOptions={{ classNames: { toast: 'font-sans' } }}
      />
    </QueryClientProvider>
  );
}
