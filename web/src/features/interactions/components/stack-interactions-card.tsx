import { ShieldAlert } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardIcon, CardTitle } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { InteractionList } from '#web/components/interactions/interaction-list.tsx';
import { useStackInteractions } from '../api/interactions.ts';

/** product.md, Medications and interactions: what is known about the stack's items together. */
export function StackInteractionsCard() {
  const report = useStackInteractions();
  return (
    <Card id="interactions">
      <CardHeader className="flex-row items-start gap-3">
        <CardIcon>
          <ShieldAlert aria-hidden="true" />
        </CardIcon>
        <div className="grid gap-1">
          <CardTitle>Interactions and allergies</CardTitle>
          <CardDescription>Known interactions among your supplements and medications, and your allergies.</CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        {report.isPending ? (
          <div className="flex justify-center py-4">
            <Spinner label="Checking your stack" />
          </div>
        ) : report.isError ? (
          <div role="alert" className="grid justify-items-start gap-2 text-sm">
            <p>Failed to check interactions</p>
            <Button variant="outline" size="sm" onClick={() => void report.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <InteractionList
            report={report.data}
            title={report.data.interactions.length + report.data.allergyWarnings.length > 0 ? 'Worth knowing about your stack' : 'Nothing known'}
            emptyText="We know of no interactions among the items in your stack. Our table covers common supplements and medicines, not every one."
          />
        )}
      </CardContent>
    </Card>
  );
}
