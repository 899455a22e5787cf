import { CheckCircle2, XCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage } from '#web/lib/api-fetch.ts';
import { useVerifyEmail } from '../api/email-links.ts';
import { AuthShell } from './auth-shell.tsx';
import { ResendVerificationForm } from './resend-verification-form.tsx';

/** /verify-email?token=…: confirms the address once, which also signs the user in. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const verify = useVerifyEmail();
  const sent = useRef(false);

  useEffect(() => {
    // The link works once: never send it twice (StrictMode runs effects twice in development).
    if (!token || sent.current) return;
    sent.current = true;
    verify.mutate(token, {
      // Verified and signed in: on to the dashboard.
      onSuccess: (result) => {
        toast.success('Email verified', { description: result.message });
        navigate('/', { replace: true });
      },
    });
  }, [token, verify, navigate]);

  const failed = !token || verify.isError;
  return (
    <AuthShell>
      <Card className="mx-auto w-full max-w-md">
        <CardHeader className="text-center">
          <h1 className="text-2xl leading-tight font-semibold tracking-tight">Verify your email</h1>
        </CardHeader>
        <CardContent className="grid gap-4">
          {verify.isSuccess ? (
            <div role="status" className="grid gap-4 text-center">
              <CheckCircle2 aria-hidden="true" className="mx-auto size-10 text-success" />
              <p>{verify.data.message}</p>
              <Button asChild className="w-full">
                <Link to="/">Continue to StackLab</Link>
              </Button>
            </div>
          ) : failed ? (
            <div className="grid gap-4">
              <div role="alert" className="grid gap-2 text-center">
                <XCircle aria-hidden="true" className="mx-auto size-10 text-destructive" />
                <p className="text-sm text-destructive">
                  {token
                    ? errorMessage(verify.error, 'This verification link is invalid or has expired. Please request a new one.')
                    : 'This verification link is incomplete. Please request a new one.'}
                </p>
              </div>
              <ResendVerificationForm />
            </div>
          ) : (
            <div className="flex flex-col items-center gap-3 py-6 text-sm text-muted-foreground">
              <Spinner label="Verifying your email" />
              Verifying your email...
            </div>
          )}
        </CardContent>
      </Card>
    </AuthShell>
  );
}
