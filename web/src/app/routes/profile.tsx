import { TwoFactorCard } from '#web/features/auth/components/two-factor-card.tsx';
import { AccountStatusCard } from '#web/features/billing/components/account-status-card.tsx';
import { HealthImportCard } from '#web/features/health-data/components/health-import-section.tsx';
import { YourDataCard } from '#web/features/data-ownership/components/your-data-card.tsx';
import { ProfileCompletionCard } from '#web/features/profile-completion/components/profile-completion-card.tsx';
import { ProfilePage } from '#web/features/profile/components/profile-page.tsx';
import { RemindersCard } from '#web/features/reminders/components/reminders-card.tsx';

const slots = {
  accountStatus: (user: Parameters<typeof AccountStatusCard>[0]['user']) => <AccountStatusCard user={user} />,
  completion: () => <ProfileCompletionCard />,
  reminders: () => <RemindersCard />,
  data: (user: Parameters<typeof YourDataCard>[0]['user']) => (
    <>
      <YourDataCard user={user} />
      <HealthImportCard />
    </>
  ),
  security: (user: Parameters<typeof TwoFactorCard>[0]['user']) => <TwoFactorCard user={user} />,
};

export default function ProfileRoute() {
  return <ProfilePage slots={slots} />;
}
