import { AlertTriangle, ExternalLink } from 'lucide-react';
import type { IntakeWarning } from '#contract/tracking.ts';
import { describeWarning, nutrientLabel } from './intake-warnings-text.ts';

/**
 * Nutrients above the adult upper limit, said plainly: the total, the limit and where the limit
 * comes from. Shown as information for a conversation with a clinician, never as advice.
 */
export function IntakeWarnings({ warnings, unconverted, title = 'Intake warnings' }: {
  warnings: readonly IntakeWarning[];
  unconverted?: readonly string[];
  title?: string;
}) {
  if (warnings.length === 0 && (unconverted?.length ?? 0) === 0) return null;
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
            </li>
          ))}
        </ul>
      ) : null}
      {unconverted && unconverted.length > 0 ? (
        <p className="text-xs text-muted-foreground">
          Not counted: {unconverted.join(', ')}. Their amount is in IU, which has no defined conversion for this nutrient.
        </p>
      ) : null}
      <p className="text-xs text-muted-foreground">
        An upper limit is the most a healthy adult can take daily with little risk; some limits count food too. This is not medical
        advice: talk to your doctor or pharmacist before changing a dose.
      </p>
    </section>
  );
}
