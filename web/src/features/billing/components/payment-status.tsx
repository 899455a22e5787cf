import { AlertCircle, CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { usePublicConfig } from '#web/lib/public-config.ts';

/** The heading block of the payment return page: an icon, the title and a line under it. */
export function PaymentHeading({ tone, title, children }: { tone: 'success' | 'error'; title: string; children?: ReactNode }) {
  return (
    <div className="mb-8 flex flex-col items-center gap-3 text-center">
      <span
        className={
          tone === 'success'
            ? 'flex size-12 items-center justify-center rounded-full bg-secondary text-success'
            : 'flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive'
        }
      >
        {tone === 'success' ? <CheckCircle2 aria-hidden="true" className="size-6" /> : <AlertCircle aria-hidden="true" className="size-6" />}
      </span>
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
      {children ? <div className="max-w-md text-muted-foreground">{children}</div> : null}
    </div>
  );
}

export function VerifyingPayment() {
  return (
    <div className="flex flex-col items-center gap-3 py-6 text-sm text-muted-foreground">
      <Spinner label="Verifying your payment..." />
      <p aria-hidden="true">Verifying your payment...</p>
    </div>
  );
}

/** The support address from the server's settings, as a mail link. */
export function SupportLink() {
  const { data: config } = usePublicConfig();
  if (!config?.supportEmail) return <>support</>;
  return (
    <a href={`mailto:${config.supportEmail}`} className="font-medium text-primary hover:underline">
      {config.supportEmail}
    </a>
  );
}
