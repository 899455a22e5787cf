import { AccountStatusCard } from '#web/features/billing/components/account-status-card.tsx';
import { YourDataCard } from '#web/features/your-data/components/your-data-card.tsx';
import { ProfileCompletionCard } from '#web/features/profile-completion/components/profile-completion-card.tsx';
import { ProfilePage } from '#web/features/profile/components/profile-page.tsx';

const slots = {
  accountStatus: (user: Parameters<typeof AccountStatusCard>[0]['user']) => <AccountStatusCard user={user} />,
  completion: () => <ProfileCompletionCard />,
  data: (user: Parameters<typeof YourDataCard>[0]['user']) => <YourDataCard user={user} />,
};

export default function ProfileRoute() {
  return <ProfilePage slots={slots} />;
}
