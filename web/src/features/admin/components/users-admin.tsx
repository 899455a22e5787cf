import { CalendarDays, CalendarRange, Pencil, Trash2, UserCheck, Users } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ACTIVE_DAYS, ADMIN_MESSAGES, type AdminUser } from '#contract/admin.ts';
import type { Tier } from '#contract/plans.ts';
import { AdminTable, countText, useConfirmDelete, useSearchPaging } from '#web/components/admin/admin-table.tsx';
import { AdminNav } from '#web/components/layout/admin-nav.tsx';
import { PageContainer } from '#web/components/layout/page-container.tsx';
import { PageHeader } from '#web/components/layout/page-header.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { SearchInput } from '#web/components/ui/search-input.tsx';
import { TableCell, TableHead } from '#web/components/ui/table.tsx';
import { usePlans } from '#web/lib/plans.ts';
import { useUser } from '#web/lib/session.ts';
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
  const paging = useSearchPaging();
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const users = useAdminUsers({ q: paging.q, page: paging.page, pageSize: PAGE_SIZE });
  const remove = useDeleteUser();
  const del = useConfirmDelete<AdminUser>({
    remove: (user) => remove.mutateAsync(user.id),
    success: () => toast.success('Success', { description: ADMIN_MESSAGES.userDeleted }),
    failure: 'Failed to delete user',
  });
  const plans = usePlans();
  const labels = plans.data ? Object.fromEntries(TIERS.map((tier) => [tier, plans.data.catalogue.tiers[tier].label])) : undefined;
  const q = paging.q;

  return (
    <PageContainer>
      <PageHeader title="User Management" description="Accounts, their plans and activity." />
      <AdminNav />
      <UserGrowth />
      <AdminTable
        query={users}
        rows={users.data?.users}
        toolbar={
          <SearchInput className="sm:max-w-sm" label="Search users by name, username or email" placeholder="Search users" value={paging.search} onSearch={paging.onSearch} />
        }
        count={countText(users.data?.pagination.total, 'user', q)}
        loadingLabel="Loading users"
        failedMessage={ADMIN_MESSAGES.fetchUsersFailed}
        empty={{ title: q ? 'No users match your search.' : 'No users yet.' }}
        caption="Users, newest first"
        head={
          <>
            <TableHead>Name</TableHead>
            <TableHead>Email</TableHead>
            <TableHead>Subscription</TableHead>
            <TableHead>Signup Date</TableHead>
            <TableHead className="text-right">Supplements</TableHead>
            <TableHead>Last Activity</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </>
        }
        rowKey={(user) => String(user.id)}
        renderRow={(user) => <UserCells user={user} labels={labels} onEdit={setEditing} onDelete={del.setDeleting} />}
        pagination={{ label: 'Users', page: paging.page, totalPages: users.data?.pagination.totalPages, onPageChange: paging.setPage }}
      />

      <UserDialog user={editing} currentUserId={me?.id} tierLabels={labels} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={del.deleting !== null}
        onOpenChange={(open) => (open ? undefined : del.setDeleting(null))}
        title={del.deleting ? `Delete ${del.deleting.name ?? del.deleting.username}?` : 'Delete user?'}
        question={ADMIN_MESSAGES.deleteUserConfirm}
        onConfirm={() => void del.confirm()}
      >
        <p className="text-sm text-muted-foreground">Their supplements, logs, health data, lab files and sessions are removed with the account, and a paid subscription is cancelled.</p>
      </ConfirmDialog>
    </PageContainer>
  );
}

/** The four growth figures, with a retry when they failed to load. */
function UserGrowth() {
  const growth = useUserGrowth();
  const stat = (value: number | undefined) => (growth.isPending ? <StatPlaceholder /> : growth.isError ? '—' : number.format(value ?? 0));
  return (
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
  );
}

type UserCellsProps = { user: AdminUser; labels: Record<string, string> | undefined; onEdit: (user: AdminUser) => void; onDelete: (user: AdminUser) => void };

function UserCells({ user, labels, onEdit, onDelete }: UserCellsProps) {
  const display = user.name ?? user.username;
  return (
    <>
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
        <Button variant="ghost" size="icon" aria-label={`Edit ${display}`} onClick={() => onEdit(user)}>
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
            onClick={() => onDelete(user)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </span>
      </TableCell>
    </>
  );
}
