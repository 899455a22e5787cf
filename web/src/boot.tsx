import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { startPage } from './app/app-routes.tsx';
import { createQueryClient } from './lib/query-client.ts';

/** The app, started by main.tsx once the document's shell has painted. */
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

const queryClient = createQueryClient();

// Drawn once the page's code is in (the document shows its header and spinner until then), as a
// transition, so that React draws the first page in slices of a few milliseconds and the browser
// stays responsive meanwhile (Lighthouse's total blocking time) instead of one long task.
void startPage(queryClient, window.location.pathname).then(() =>
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  }),
);
