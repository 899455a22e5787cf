import { CalendarDays, CalendarRange, Pencil, Trash2, UserCheck, Users } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ACTIVE_DAYS, ADMIN_MESSAGES, type AdminUser } from '#contract/admin.ts';
import type { Tier } from '#contract/plans.ts';
import { AdminNav } from '#web/components/layout/admin-nav.tsx';
import { EmptyState } from '#web/components/layout/empty-state.tsx';
import { PageContainer } from '#web/components/layout/page-container.tsx';
import { PageHeader } from '#web/components/layout/page-header.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { SearchInput } from '#web/components/ui/search-input.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Table, TableCell, TableHead } from '#web/components/ui/table.tsx';
import { errorMessage } from '#web/lib/api-fetch.ts';
import { usePlans } from '#web/lib/plans.ts';
import { useUser } from '#web/lib/session.ts';
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts';
import { useAdminUsers, useDeleteUser, useUserGrowth } from '../api/users.ts';
import { formatDay, formatLastActivity, tierLabel } from '../utils/format.ts';
import { ConfirmDialog } from '#web/components/ui/alert-dialog.tsx';
import { StatCard, StatPlaceholder } from './stat-card.tsx';
import { UserDialog } from './user-dialog.tsx';

const PAGE_SIZE = 20;
const TIERS: Tier[] = ['free', 'starter', 'pro'];
const number = new Intl.NumberFormat('en-US');

/** product.md, Admin: growth figures, the user table, editing and deleting. */
export function UsersAdmin() {
  const me = useUser().data;
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const users = useAdminUsers({ q, page, pageSize: PAGE_SIZE });
  const growth = useUserGrowth();
  const remove = useDeleteUser();
  const plans = usePlans();
  const labels = plans.data ? Object.fromEntries(TIERS.map((tier) => [tier, plans.data.catalogue.tiers[tier].label])) : undefined;

  const confirmDelete = async () => {
    const target = deleting;
    setDeleting(null);
    if (!target) return;
    try {
      await remove.mutateAsync(target.id);
      toast.success('Success', { description: ADMIN_MESSAGES.userDeleted });
    } catch (error) {
      toast.error('Error', { description: errorMessage(error, 'Failed to delete user') });
    }
  };

  const stat = (value: number | undefined) => (growth.isPending ? <StatPlaceholder /> : growth.isError ? '—' : number.format(value ?? 0));
  return (
    <PageContainer>
      <PageHeader title="User Management" description="Accounts, their plans and activity." />
      <AdminNav />
      <section aria-label="User growth" className="mb-6">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <StatCard label="Total Users" icon={<Users />} value={stat(growth.data?.totalUsers)} detail="Every account" />
          <StatCard label="Active Users" icon={<UserCheck />} value={stat(growth.data?.activeUsers)} detail={`Seen in the last ${ACTIVE_DAYS} days`} />
          <StatCard label="This Month" icon={<CalendarDays />} value={stat(growth.data?.monthly.at(-1)?.count)} detail="Sign-ups since the 1st (UTC)" />
          <StatCard label="This Year" icon={<CalendarRange />} value={stat(growth.data?.yearly.at(-1)?.count)} detail="Sign-ups since January 1 (UTC)" />
        </div>
        {growth.isError ? (
          <p role="alert" className="mt-3 flex flex-wrap items-center gap-3 text-sm text-destructive">
            {ADMIN_MESSAGES.fetchGrowthFailed}
            <Button size="sm" variant="outline" onClick={() => void growth.refetch()}>
              Try again
            </Button>
          </p>
        ) : null}
      </section>

      <Card>
        <div className="flex flex-col gap-3 border-b border-border p-4 sm:flex-row sm:items-center sm:justify-between">
          <SearchInput
            className="sm:max-w-sm"
            label="Search users by name, username or email"
            placeholder="Search users"
            value={search}
            onSearch={(value) => {
              setSearch(value);
              setPage(1);
            }}
          />
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {users.data ? `${users.data.pagination.total} user${users.data.pagination.total === 1 ? '' : 's'}${q ? ` matching "${q}"` : ''}` : ''}
          </p>
        </div>
        {users.isPending ? (
          <div className="flex justify-center p-12">
            <Spinner label="Loading users" />
          </div>
        ) : users.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3 p-6 text-sm">
            <p className="font-medium text-destructive">{ADMIN_MESSAGES.fetchUsersFailed}</p>
            <Button size="sm" variant="outline" onClick={() => void users.refetch()}>
              Try again
            </Button>
          </div>
        ) : users.data.users.length === 0 ? (
          <EmptyState className="m-4" title={q ? 'No users match your search.' : 'No users yet.'} />
        ) : (
          <Table aria-busy={users.isPlaceholderData} className={users.isPlaceholderData ? 'opacity-60' : undefined}>
            <caption className="sr-only">Users, newest first</caption>
            <thead>
              <tr>
                <TableHead>Name</TableHead>
                <TableHead>Email</TableHead>
                <TableHead>Subscription</TableHead>
                <TableHead>Signup Date</TableHead>
                <TableHead className="text-right">Supplements</TableHead>
                <TableHead>Last Activity</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </tr>
            </thead>
            <tbody>
              {users.data.users.map((user) => {
                const display = user.name ?? user.username;
                return (
                  <tr key={user.id} className="hover:bg-muted/40">
                    <TableCell className="min-w-40">
                      <span className="font-medium">{display}</span>
                      {user.isAdmin ? (
                        <Badge variant="outline" className="ml-2">
                          Admin
                        </Badge>
                      ) : null}
                      {user.name ? <span className="block text-xs text-muted-foreground">{user.username}</span> : null}
                    </TableCell>
                    <TableCell className="break-all">{user.email}</TableCell>
                    <TableCell className="whitespace-nowrap">
                      {tierLabel(user.subscriptionTier, labels)}
                      {user.subscription ? <span className="text-muted-foreground"> · paid</span> : null}
                    </TableCell>
                    <TableCell className="whitespace-nowrap">
                      <time dateTime={user.createdAt}>{formatDay(user.createdAt)}</time>
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{user.totalSupplements}</TableCell>
                    <TableCell className="whitespace-nowrap">
                      {user.lastActivity ? <time dateTime={user.lastActivity}>{formatLastActivity(user.lastActivity)}</time> : 'Never'}
                    </TableCell>
                    <TableCell className="text-right whitespace-nowrap">
                      <Button variant="ghost" size="icon" aria-label={`Edit ${display}`} onClick={() => setEditing(user)}>
                        <Pencil aria-hidden="true" />
                      </Button>
                      {/* A disabled button gets no pointer events, so the wrapper carries the tooltip too. */}
                      <span title={user.isAdmin ? ADMIN_MESSAGES.cannotDeleteAdmin : undefined} className="inline-block">
                        <Button
                          variant="ghost"
                          size="icon"
                          disabled={user.isAdmin}
                          title={user.isAdmin ? ADMIN_MESSAGES.cannotDeleteAdmin : undefined}
                          aria-label={user.isAdmin ? `Delete ${display}: ${ADMIN_MESSAGES.cannotDeleteAdmin}` : `Delete ${display}`}
                          onClick={() => setDeleting(user)}
                        >
                          <Trash2 aria-hidden="true" />
                        </Button>
                      </span>
                    </TableCell>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        )}
        {users.data ? <Pagination className="p-4" label="Users" page={page} totalPages={users.data.pagination.totalPages} onPageChange={setPage} /> : null}
      </Card>

      <UserDialog user={editing} currentUserId={me?.id} tierLabels={labels} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={deleting ? `Delete ${deleting.name ?? deleting.username}?` : 'Delete user?'}
        question={ADMIN_MESSAGES.deleteUserConfirm}
        onConfirm={() => void confirmDelete()}
      >
        <p className="text-sm text-muted-foreground">Their supplements, logs, health data, lab files and sessions are removed with the account, and a paid subscription is cancelled.</p>
      </ConfirmDialog>
    </PageContainer>
  );
}
