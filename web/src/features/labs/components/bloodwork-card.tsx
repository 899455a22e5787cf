import { ArrowRight, FlaskConical } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { RETEST_AFTER_MONTHS } from '#contract/biomarker-lists.ts';
import type { LabAttentionItem } from '#contract/labs.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardIcon, CardTitle } from '#web/components/ui/card.tsx';
import { errorMessage } from '#web/lib/api-fetch.ts';
import { displayUnit } from '#web/lib/lab-units.ts';
import { useAcceptRetest, useAttention, useCancelRetest } from '../api/targets.ts';
import { formatLabValue, formatTestDate, formatValue } from '../utils/chart-rows.ts';

const REASONS: Record<LabAttentionItem['reason'], string> = {
  low: 'Below the reference range',
  high: 'Above the reference range',
  'below-target': 'Below target',
  'above-target': 'Above target',
};

function rangeText(range: { low: number | null; high: number | null }): string {
  if (range.low !== null && range.high !== null) return `${formatValue(range.low)} to ${formatValue(range.high)}`;
  if (range.low !== null) return `at least ${formatValue(range.low)}`;
  if (range.high !== null) return `at most ${formatValue(range.high)}`;
  return '';
}

/**
 * Dashboard: the way to the labs page (product.md, Tracking), and the latest results out of range
 * or off target, each with a retest date the user can accept; an accepted one is reminded on its
 * day through the reminder settings (decision 040).
 */
export function BloodworkCard() {
  const attention = useAttention();
  const items = attention.data ?? [];
  return (
    <Card className="flex flex-col">
      <CardHeader>
        <div className="flex items-center gap-3">
          <CardIcon>
            <FlaskConical aria-hidden="true" />
          </CardIcon>
          <CardTitle>Bloodwork and Tests</CardTitle>
        </div>
        <CardDescription>Upload a picture, pdf, or doc</CardDescription>
      </CardHeader>
      <CardContent className="grid flex-1 content-between gap-4">
        {items.length > 0 ? (
          <section aria-labelledby="bloodwork-attention" className="grid gap-3">
            <h3 id="bloodwork-attention" className="text-sm font-medium">
              Worth a look
            </h3>
            <ul className="grid gap-3">
              {items.map((item) => (
                <AttentionRow key={item.resultId} item={item} />
              ))}
            </ul>
            <p className="text-xs text-muted-foreground">
              A retest is suggested {RETEST_AFTER_MONTHS} months after the test, or in two weeks when that day has passed.
            </p>
          </section>
        ) : (
          <p className="text-sm text-muted-foreground">Your lab reports are read for biomarkers, so you can follow them over time.</p>
        )}
        <Link to="/labs" className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
          Upload lab results <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </CardContent>
    </Card>
  );
}

function AttentionRow({ item }: { item: LabAttentionItem }) {
  const accept = useAcceptRetest();
  const cancel = useCancelRetest();
  const unit = displayUnit(item.unit);
  const offTarget = item.reason === 'below-target' || item.reason === 'above-target';
  const range = offTarget && item.targetRange ? rangeText(item.targetRange) : rangeText(item.referenceRange);
  return (
    <li className="grid gap-1 rounded-md border border-border p-3 text-sm" aria-label={item.name}>
      <p>
        <span className="font-medium">{item.name}</span> {formatLabValue(item.value, item.comparator)}
        {unit ? ` ${unit}` : ''} <span className={offTarget ? 'font-medium' : 'font-medium text-destructive'}>{REASONS[item.reason]}</span>
        {range ? <span className="text-muted-foreground"> ({offTarget ? 'target' : 'range'} {range})</span> : null}
      </p>
      <p className="text-xs text-muted-foreground">Tested {formatTestDate(item.testDate)}</p>
      {item.retest ? (
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-xs">Retest planned for {formatTestDate(item.retest.dueDate)}. You will be reminded that day, as set in your reminder settings.</p>
          <Button
            size="sm"
            variant="outline"
            disabled={cancel.isPending}
            aria-label={`Cancel retest of ${item.name} on ${formatTestDate(item.retest.dueDate)}`}
            onClick={() =>
              cancel.mutate(item.retest!.id, {
                onSuccess: () => toast.success(`Retest of ${item.name} cancelled`),
                onError: (error) => toast.error(errorMessage(error, 'Could not cancel the retest')),
              })
            }
          >
            Cancel retest
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-xs">Suggested retest: {formatTestDate(item.suggestedRetest)}</span>
          <Button
            size="sm"
            variant="outline"
            disabled={accept.isPending}
            aria-label={`Plan retest of ${item.name} on ${formatTestDate(item.suggestedRetest)}`}
            onClick={() => accept.mutate(item.resultId, { onError: (error) => toast.error(errorMessage(error, 'Could not plan the retest')) })}
          >
            Plan retest
          </Button>
        </div>
      )}
    </li>
  );
}
