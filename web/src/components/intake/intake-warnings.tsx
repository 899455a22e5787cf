import { AlertTriangle, ExternalLink } from 'lucide-react';
import type { IntakeWarning } from '#contract/supplements.ts';
import { Button } from '#web/components/ui/button.tsx';
import { describeWarning, nutrientLabel } from './intake-warnings-text.ts';

/**
 * Nutrients above the adult upper limit, said plainly: the total, the limit and where the limit
 * comes from. Shown as information for a conversation with a clinician, never as advice.
 */
export function IntakeWarnings({ warnings: all, unconverted, uncounted, title = 'Intake warnings', onDismiss, dismissing }: {
  warnings: readonly IntakeWarning[];
  unconverted?: readonly string[];
  uncounted?: readonly string[];
  title?: string;
  /** Given where a warning can be put away (the stack): a button on each one. */
  onDismiss?: (nutrient: string) => void;
  dismissing?: boolean;
}) {
  // A warning put away stays away until a dose behind it changes; the server decides which.
  const warnings = all.filter((warning) => !warning.dismissed);
  const putAway = all.length - warnings.length;
  if (warnings.length === 0 && (unconverted?.length ?? 0) === 0 && (uncounted?.length ?? 0) === 0) {
    return putAway > 0 ? <PutAwayNote count={putAway} /> : null;
  }
  return (
    <section aria-label={title} className="grid gap-3 rounded-lg border border-accent/40 bg-accent/10 p-4">
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <AlertTriangle aria-hidden="true" className="size-4 text-accent" /> {title}
      </h3>
      {warnings.length > 0 ? (
        <ul className="grid gap-3">
          {warnings.map((warning) => (
            <li key={warning.nutrient} className="grid gap-1 text-sm">
              <p className="font-medium">{nutrientLabel(warning.nutrient)} is above the adult upper limit</p>
              <p>{describeWarning(warning)}</p>
              {warning.note ? <p className="text-muted-foreground">{warning.note}</p> : null}
              {warning.source ? (
                <p className="text-xs text-muted-foreground">
                  Source:{' '}
                  {warning.sourceUrl ? (
                    <a href={warning.sourceUrl} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 underline hover:text-foreground">
                      {warning.source} <ExternalLink aria-hidden="true" className="size-3" />
                      <span className="sr-only">(opens in a new tab)</span>
                    </a>
                  ) : (
                    warning.source
                  )}
                </p>
              ) : null}
              {onDismiss ? (
                <div>
                  <Button variant="outline" size="sm" disabled={dismissing} onClick={() => onDismiss(warning.nutrient)}>
                    Got it, hide until a dose changes
                    <span className="sr-only"> ({nutrientLabel(warning.nutrient)})</span>
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {unconverted && unconverted.length > 0 ? (
        <p className="text-xs text-muted-foreground">
          Not counted: {unconverted.join(', ')}. Their amount is in IU, which has no defined conversion for this nutrient.
        </p>
      ) : null}
      {uncounted && uncounted.length > 0 ? (
        <p className="text-xs text-muted-foreground">
          Not counted: {uncounted.join(', ')}. Add the strength of one unit, or the nutrient in a dose, to count them.
        </p>
      ) : null}
      {putAway > 0 ? <PutAwayNote count={putAway} /> : null}
      <p className="text-xs text-muted-foreground">
        An upper limit is the most a healthy adult can take daily with little risk; some limits count food too. This is not medical
        advice: talk to your doctor or pharmacist before changing a dose.
      </p>
    </section>
  );
}

function PutAwayNote({ count }: { count: number }) {
  return (
    <p className="text-xs text-muted-foreground">
      {count === 1 ? '1 warning you have read is hidden' : `${count} warnings you have read are hidden`} until a dose behind it changes.
    </p>
  );
}
