import type { User } from '#contract/auth.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';

/** Username and e-mail, read-only until the profile form arrives. */
export function AccountCard({ user }: { user: User }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Account</CardTitle>
        <CardDescription>The basics of your StackLab account.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-muted-foreground">Username</dt>
            <dd className="mt-1 font-medium break-all">{user.username}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted-foreground">Email</dt>
            <dd className="mt-1 font-medium break-all">{user.email}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
