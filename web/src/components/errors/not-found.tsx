import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';

export function NotFound() {
  return (
    <div className="mx-auto flex max-w-lg flex-1 flex-col items-center justify-center px-4 py-24 text-center">
      <p className="text-sm font-semibold tracking-wider text-primary uppercase">Error 404</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight">404 Page Not Found</h1>
      <p className="mt-3 text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <Button asChild className="mt-6">
        <Link to="/">Go to Home Page</Link>
      </Button>
    </div>
  );
}
