import { BrowserRouter } from 'react-router';
import { AppProviders } from './providers.tsx';
import { AppRoutes } from './app-routes.tsx';

export function App() {
  return (
    <BrowserRouter>
      <AppProviders>
        <AppRoutes />
      </AppProviders>
    </BrowserRouter>
  );
}
