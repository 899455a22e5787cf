import type { ReactNode } from 'react';

/** The full-width backdrop of the auth screens, with an optional decorative background. */
export function AuthShell({ background, children }: { background?: ReactNode; children: ReactNode }) {
  return (
    <div className="relative isolate flex flex-1 items-start justify-center overflow-hidden bg-gradient-to-b from-secondary/60 to-background">
      {background}
      <div className="relative mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 md:py-16">{children}</div>
    </div>
  );
}
