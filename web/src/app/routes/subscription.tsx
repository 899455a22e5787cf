import { PlanPage } from '#web/features/billing/components/plan-page.tsx';

/** /subscription and /subscription-page: "Choose Your Plan". */
export default function SubscriptionRoute() {
  return <PlanPage />;
}
