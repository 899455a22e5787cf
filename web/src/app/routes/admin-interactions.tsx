import { InteractionsAdmin } from '#web/features/admin/components/interactions-admin.tsx';

export default function AdminInteractionsRoute() {
  return <InteractionsAdmin />;
}
