import { UsersAdmin } from '#web/features/admin/components/users-admin.tsx';

export default function AdminUsersRoute() {
  return <UsersAdmin />;
}
