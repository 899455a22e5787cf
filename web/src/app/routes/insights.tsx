import { InsightsPage } from '#web/features/insights/components/insights-page.tsx';

export default function InsightsRoute() {
  return <InsightsPage />;
}
