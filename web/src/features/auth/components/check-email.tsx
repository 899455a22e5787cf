import { MailCheck } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { ResendVerificationForm } from './resend-verification-form.tsx';

/** After sign-up when the address must be confirmed first. */
export function CheckEmail({ email, onBackToLogin }: { email: string; onBackToLogin: () => void }) {
  return (
    <div className="grid gap-4 text-center" role="status">
      <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-secondary text-primary">
        <MailCheck aria-hidden="true" className="size-6" />
      </span>
      <h2 className="text-xl font-semibold">Check your email</h2>
      <p className="text-sm text-muted-foreground">
        We sent a verification link to <span className="font-medium text-foreground">{email}</span>. Open it to
        activate your account. The link is valid for 24 hours.
      </p>
      <Button onClick={onBackToLogin} className="w-full">
        Back to Login
      </Button>
      <details className="text-left text-sm">
        <summary className="cursor-pointer text-muted-foreground hover:text-foreground">Didn't get the e-mail?</summary>
        <div className="mt-3">
          <ResendVerificationForm defaultEmail={email} />
        </div>
      </details>
    </div>
  );
}
