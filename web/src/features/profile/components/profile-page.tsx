import { Activity } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { User } from '#contract/auth.ts';
import { PageContainer } from '#web/components/layout/page-container.tsx';
import { PageHeader } from '#web/components/layout/page-header.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { useUser } from '#web/lib/session.ts';
import { PasswordCard } from './password-card.tsx';
import { PreferencesCard } from './preferences-card.tsx';
import { ProfileFormCard } from './profile-form-card.tsx';
import { SessionsCard } from './sessions-card.tsx';

/**
 * Profile settings. Each card is one entry in the list below; later cards (profile completion,
 * account status, the profile form) are added there in the order they should appear.
 */
const PROFILE_CARDS: { key: string; render: (user: User, slots: ProfileSlots) => ReactNode }[] = [
  { key: 'completion', render: (_user, slots) => slots.completion?.() },
  { key: 'account-status', render: (user, slots) => slots.accountStatus?.(user) },
  { key: 'profile', render: (user) => <ProfileFormCard user={user} /> },
  { key: 'preferences', render: (user) => <PreferencesCard user={user} /> },
  { key: 'reminders', render: (_user, slots) => slots.reminders?.() },
  { key: 'password', render: (user) => <PasswordCard user={user} /> },
  { key: 'security', render: (user, slots) => slots.security?.(user) },
  { key: 'sessions', render: () => <SessionsCard /> },
  { key: 'data', render: (user, slots) => slots.data?.(user) },
];

/** Cards another feature provides; the route composes them in (features do not import each other). */
export type ProfileSlots = {
  accountStatus?: (user: User) => ReactNode;
  completion?: () => ReactNode;
  data?: (user: User) => ReactNode;
  /** E-mail and push reminders. */
  reminders?: () => ReactNode;
  /** Two-factor sign-in and passkeys. */
  security?: (user: User) => ReactNode;
};

export function ProfilePage({ slots = {} }: { slots?: ProfileSlots } = {}) {
  const { data: user, isPending } = useUser();
  if (isPending) return <PageSpinner />;
  if (!user) return null;
  return (
    <PageContainer className="max-w-4xl">
      <PageHeader
        title="Profile Settings"
        description="Manage your account and where you are signed in."
        actions={
          <Button asChild variant="outline">
            <Link to="/health-stats">
              <Activity aria-hidden="true" /> Health Stats
            </Link>
          </Button>
        }
      />
      <div className="grid gap-6">
        {PROFILE_CARDS.map((card) => (
          <div key={card.key}>{card.render(user, slots)}</div>
        ))}
      </div>
    </PageContainer>
  );
}
