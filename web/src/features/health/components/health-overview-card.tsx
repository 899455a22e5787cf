import { Activity, ArrowRight, Moon, Scale } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { User } from '#contract/auth.ts';
import { Card, CardContent, CardHeader, CardIcon, CardTitle } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useHealthStats } from '../api/health-stats.ts';
import { formatSleep, formatWeight } from '../utils/units.ts';

function Tile({ icon, title, value, empty }: { icon: ReactNode; title: string; value: string | null; empty: string }) {
  return (
    <div className="rounded-lg border border-border p-3">
      <p className="flex items-center gap-2 text-sm font-medium">
        <span className="text-muted-foreground [&_svg]:size-4">{icon}</span> {title}
      </p>
      {value ? <p className="mt-1 text-lg font-semibold">{value}</p> : <p className="mt-1 text-sm text-muted-foreground">{empty}</p>}
    </div>
  );
}

/** Dashboard: weight and sleep from the stored health stats, in the user's units. */
export function HealthOverviewCard({ user }: { user: User }) {
  const stats = useHealthStats();
  return (
    <Card className="flex flex-col">
      <CardHeader>
        <div className="flex items-center gap-3">
          <CardIcon>
            <Activity aria-hidden="true" />
          </CardIcon>
          <CardTitle>Health Overview</CardTitle>
        </div>
      </CardHeader>
      <CardContent className="grid flex-1 content-between gap-4">
        {stats.isPending ? (
          <Spinner label="Loading health stats" />
        ) : stats.isError ? (
          <p role="alert" className="text-sm">
            Your health stats could not be loaded.
          </p>
        ) : (
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
            <Tile
              icon={<Scale aria-hidden="true" />}
              title="Weight tracking"
              value={stats.data.weight === null ? null : formatWeight(stats.data.weight, user.unitSystem)}
              empty="No weight recorded yet."
            />
            <Tile
              icon={<Moon aria-hidden="true" />}
              title="Sleep analysis"
              value={stats.data.averageSleep === null ? null : `${formatSleep(stats.data.averageSleep)} a night`}
              empty="No average sleep recorded yet."
            />
          </div>
        )}
        <Link to="/health-stats" className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
          View health stats <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </CardContent>
    </Card>
  );
}
