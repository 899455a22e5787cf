import { AdminDashboard } from '#web/features/admin/components/admin-dashboard.tsx';

export default function AdminRoute() {
  return <AdminDashboard />;
}
