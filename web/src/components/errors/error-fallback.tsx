import { AlertTriangle } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';

/** product.md, Pages. */
export function ErrorFallback({ reset }: { reset: () => void }) {
  const navigate = useNavigate();
  return (
    <div role="alert" className="mx-auto flex max-w-lg flex-1 flex-col items-center justify-center px-4 py-24 text-center">
      <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <AlertTriangle aria-hidden="true" className="size-6" />
      </div>
      <h1 className="text-2xl font-semibold tracking-tight">Something went wrong</h1>
      <p className="mt-2 text-muted-foreground">An error occurred while rendering this part of the application.</p>
      <Button
        className="mt-6"
        onClick={() => {
          reset();
          navigate('/');
        }}
      >
        Go to Home Page
      </Button>
    </div>
  );
}
