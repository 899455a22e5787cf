import { SupplementsAdmin } from '#web/features/admin/components/supplements-admin.tsx';

export default function AdminSupplementsRoute() {
  return <SupplementsAdmin />;
}
