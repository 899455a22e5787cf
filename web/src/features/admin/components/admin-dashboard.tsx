import { BookOpen, Bot, FileUp, Pill, UserPlus, Users } from 'lucide-react';
import { Link } from 'react-router';
import { ADMIN_MESSAGES, type AdminDashboard as Dashboard } from '#contract/admin.ts';
import type { Tier } from '#contract/plans.ts';
import { AdminNav } from '#web/components/layout/admin-nav.tsx';
import { PageContainer } from '#web/components/layout/page-container.tsx';
import { PageHeader } from '#web/components/layout/page-header.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Table, TableCell, TableHead } from '#web/components/ui/table.tsx';
import { usePlans } from '#web/lib/plans.ts';
import { useAdminDashboard } from '../api/users.ts';
import { formatMoney, formatRevenueTotal, tierLabel } from '../utils/format.ts';
import { SignupsChart } from './signups-chart.tsx';
import { StatCard } from './stat-card.tsx';

const SCREENS = [
  { to: '/admin/supplements', title: 'Manage Supplements', description: 'The reference database behind the Add Supplement suggestions.', icon: Pill },
  { to: '/admin/users', title: 'User Management', description: 'Find, edit and delete accounts; growth over time.', icon: Users },
  { to: '/admin/blog', title: 'Blog Management', description: 'Write, publish and edit learn and research posts.', icon: BookOpen },
];
const TIERS: Tier[] = ['free', 'starter', 'pro'];
const number = new Intl.NumberFormat('en-US');

/** product.md, Admin: users, active users, sign-ups per month, uploads, AI usage and revenue by tier, and the three admin screens. */
export function AdminDashboard() {
  const dashboard = useAdminDashboard();
  const plans = usePlans();
  const labels = plans.data ? Object.fromEntries(TIERS.map((tier) => [tier, plans.data.catalogue.tiers[tier].label])) : undefined;

  return (
    <PageContainer>
      <PageHeader title="Admin Dashboard" description="How StackLab is doing, and the places to manage it." />
      <AdminNav />
      <ul className="mb-8 grid grid-cols-1 gap-4 md:grid-cols-3">
        {SCREENS.map((screen) => (
          <li key={screen.to}>
            <Link
              to={screen.to}
              className="flex h-full gap-3 rounded-xl border border-border bg-surface p-5 shadow-sm transition-colors hover:border-primary/50 hover:bg-secondary/40 focus-visible:outline-2 focus-visible:outline-ring"
            >
              <screen.icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
              <span>
                <span className="block font-semibold">{screen.title}</span>
                <span className="mt-1 block text-sm text-muted-foreground">{screen.description}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>

      {dashboard.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label="Loading the dashboard" />
        </div>
      ) : dashboard.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-destructive/30 bg-surface p-6 text-sm">
          <p className="font-medium text-destructive">{ADMIN_MESSAGES.fetchDashboardFailed}</p>
          <Button size="sm" variant="outline" onClick={() => void dashboard.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <DashboardFigures data={dashboard.data} labels={labels} currency={plans.data?.catalogue.currency} />
      )}
    </PageContainer>
  );
}

function DashboardFigures({ data, labels, currency }: FiguresProps) {
  const thisMonth = data.signupsByMonth.at(-1)?.count ?? 0;
  return (
    <div className="grid grid-cols-1 gap-6">
      <section aria-label="Key figures" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          label="Users"
          icon={<Users />}
          value={number.format(data.users.total)}
          detail={`${number.format(data.users.active)} active in the last 30 days · ${number.format(data.users.admins)} admin${data.users.admins === 1 ? '' : 's'}`}
        />
        <StatCard label="Sign-ups this month" icon={<UserPlus />} value={number.format(thisMonth)} detail="New accounts since the 1st (UTC)" />
        <StatCard
          label="Lab uploads"
          icon={<FileUp />}
          value={number.format(data.uploads.last30Days)}
          detail={`Last 30 days · ${number.format(data.uploads.thisMonth)} this month · ${number.format(data.uploads.storedFiles)} files stored`}
        />
        <StatCard label="AI messages" icon={<Bot />} value={number.format(data.aiUsage.last30Days)} detail={`Last 30 days · ${number.format(data.aiUsage.thisMonth)} this month`} />
      </section>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <RevenueCard data={data} labels={labels} currency={currency} />

        <Card>
          <CardHeader>
            <CardTitle>Users by plan</CardTitle>
            <CardDescription>Every account, by its current tier.</CardDescription>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-3 gap-4">
              {TIERS.map((tier) => (
                <div key={tier}>
                  <dt className="text-sm text-muted-foreground">{tierLabel(tier, labels)}</dt>
                  <dd className="text-2xl font-semibold tabular-nums">{number.format(data.users.byTier[tier] ?? 0)}</dd>
                </div>
              ))}
            </dl>
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Sign-ups per month</CardTitle>
          <CardDescription>The last 12 months (UTC), this month last.</CardDescription>
        </CardHeader>
        <CardContent>
          <SignupsChart months={data.signupsByMonth} caption="Sign-ups per month, the last 12 months" />
        </CardContent>
      </Card>
    </div>
  );
}

type FiguresProps = { data: Dashboard; labels: Partial<Record<Tier, string>> | undefined; currency: string | undefined };

/** Payments received by tier and currency, and the failed ones. */
function RevenueCard({ data, labels, currency }: FiguresProps) {
  const revenueRows = mergeRevenue(data);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Revenue by tier</CardTitle>
        <CardDescription>
          Payments received; last 30 days {formatRevenueTotal(data.revenue.last30Days, currency)}, all time {formatRevenueTotal(data.revenue.allTime, currency)}.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {revenueRows.length === 0 ? (
          <p className="text-sm text-muted-foreground">No payments yet.</p>
        ) : (
          <Table>
            <thead>
              <tr>
                <TableHead>Tier</TableHead>
                <TableHead className="text-right">Last 30 days</TableHead>
                <TableHead className="text-right">All time</TableHead>
                <TableHead className="text-right">Payments</TableHead>
              </tr>
            </thead>
            <tbody>
              {revenueRows.map((row) => (
                <tr key={`${row.tier}-${row.currency}`}>
                  <TableCell className="font-medium">{tierLabel(row.tier, labels)}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatMoney(row.last30Days, row.currency)}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatMoney(row.allTime, row.currency)}</TableCell>
                  <TableCell className="text-right tabular-nums">{number.format(row.payments)}</TableCell>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        <p className="mt-3 text-xs text-muted-foreground">
          {data.revenue.failedPaymentsLast30Days === 0
            ? 'No failed payments in the last 30 days.'
            : `${number.format(data.revenue.failedPaymentsLast30Days)} failed payment${data.revenue.failedPaymentsLast30Days === 1 ? '' : 's'} in the last 30 days.`}
        </p>
      </CardContent>
    </Card>
  );
}

/** One row per tier and currency with both periods side by side. */
function mergeRevenue(data: Dashboard) {
  const rows = new Map<string, { tier: Tier; currency: string; last30Days: number; allTime: number; payments: number }>();
  for (const row of data.revenue.allTime) {
    rows.set(`${row.tier}|${row.currency}`, { tier: row.tier, currency: row.currency, last30Days: 0, allTime: row.amountCents, payments: row.payments });
  }
  for (const row of data.revenue.last30Days) {
    const entry = rows.get(`${row.tier}|${row.currency}`);
    if (entry) entry.last30Days = row.amountCents;
  }
  return [...rows.values()].sort((a, b) => TIERS.indexOf(a.tier) - TIERS.indexOf(b.tier));
}
