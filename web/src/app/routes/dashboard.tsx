import { Activity, ArrowRight, FlaskConical, MessageCircle, Pill, Trophy } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageContainer } from '#web/components/layout/page-container.tsx';
import { PageHeader } from '#web/components/layout/page-header.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { displayNameFor } from '#web/components/layout/initials.ts';
import { useUser } from '#web/lib/session.ts';

function Panel({ icon, title, description, link, children }: {
  icon: ReactNode;
  title: string;
  description?: string;
  link?: { to: string; label: string };
  children?: ReactNode;
}) {
  return (
    <Card className="flex flex-col">
      <CardHeader>
        <div className="flex items-center gap-3">
          <span className="flex size-9 items-center justify-center rounded-lg bg-secondary text-secondary-foreground [&_svg]:size-5">
            {icon}
          </span>
          <CardTitle>{title}</CardTitle>
        </div>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="flex flex-1 flex-col justify-between gap-4">
        <p className="text-sm text-muted-foreground">{children ?? 'Nothing here yet.'}</p>
        {link ? (
          <Link to={link.to} className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
            {link.label} <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The dashboard's layout; its panels are filled in as their features land. */
export default function DashboardRoute() {
  const { data: user } = useUser();
  return (
    <PageContainer>
      <PageHeader title={user ? `Welcome, ${displayNameFor(user)}` : 'Dashboard'} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <Panel icon={<MessageCircle aria-hidden="true" />} title="Stack Chat Assistant" description="How are you feeling?" />
        </div>
        <Panel icon={<Trophy aria-hidden="true" />} title="Streak" />
        <Panel
          icon={<Pill aria-hidden="true" />}
          title="Track my Supplements"
          link={{ to: '/supplement-history', label: 'My History' }}
        />
        <Panel
          icon={<FlaskConical aria-hidden="true" />}
          title="Bloodwork and Tests"
          description="Upload a picture, pdf, or doc"
          link={{ to: '/labs', label: 'Go to labs' }}
        />
        <Panel icon={<Activity aria-hidden="true" />} title="Health Overview" link={{ to: '/health-stats', label: 'View health stats' }} />
      </div>
    </PageContainer>
  );
}
