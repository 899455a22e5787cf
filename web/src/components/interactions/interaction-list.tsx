import { AlertTriangle, ExternalLink, Info } from 'lucide-react';
import { SEVERITY_LABELS, type Severity } from '#contract/interactions-texts.ts';
import type { AllergyWarning, InteractionReport, StackInteraction } from '#contract/interactions.ts';
import { cn } from '#web/lib/cn.ts';

const SEVERITY_STYLES: Record<Severity, string> = {
  major: 'border-destructive/40 bg-destructive/10',
  moderate: 'border-accent/40 bg-accent/10',
  minor: 'border-border bg-muted/40',
};

function SourceLink({ source, sourceUrl }: { source: string; sourceUrl: string | null }) {
  return (
    <p className="text-xs text-muted-foreground">
      Source:{' '}
      {sourceUrl ? (
        <a href={sourceUrl} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 underline hover:text-foreground">
          {source} <ExternalLink aria-hidden="true" className="size-3" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      ) : (
        source
      )}
    </p>
  );
}

function sideName(side: StackInteraction['first']): string {
  // "Xarelto (Anticoagulants (blood thinners))" reads badly; the recognised class follows the name once.
  return side.kind === 'lab-test' || side.name.toLowerCase() === side.recognisedAs.toLowerCase() ? side.name : `${side.name} (${side.recognisedAs})`;
}

/** One known interaction: the two items, how serious, what happens, what to do, and where it is written. */
export function InteractionItem({ interaction }: { interaction: StackInteraction }) {
  return (
    <li className={cn('grid gap-1 rounded-md border p-3 text-sm', SEVERITY_STYLES[interaction.severity])}>
      <p className="font-medium">
        <span className="mr-2 rounded bg-surface px-1.5 py-0.5 text-xs font-semibold uppercase tracking-wide">{SEVERITY_LABELS[interaction.severity]}</span>
        {sideName(interaction.first)} with {sideName(interaction.second)}
      </p>
      <p>
        <span className="font-medium">What happens: </span>
        {interaction.effect}
      </p>
      <p>
        <span className="font-medium">What to do: </span>
        {interaction.advice}
      </p>
      <SourceLink source={interaction.source} sourceUrl={interaction.sourceUrl} />
    </li>
  );
}

function AllergyItem({ warning }: { warning: AllergyWarning }) {
  return (
    <li className="grid gap-1 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
      <p className="font-medium">
        {warning.itemName} may contain {warning.allergen}, which your health profile lists as an allergy
      </p>
      <p>{warning.note} Check the label, or ask your pharmacist for a product made without it.</p>
    </li>
  );
}

/**
 * Known interactions and allergy warnings, most serious first, with the not-medical-advice line.
 * Shows nothing when there is nothing to say, unless `emptyText` is given.
 */
export function InteractionList({ report, title, emptyText }: { report: InteractionReport; title: string; emptyText?: string }) {
  const count = report.interactions.length + report.allergyWarnings.length;
  if (count === 0 && !emptyText) return null;
  return (
    <section aria-label={title} className="grid gap-3">
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        {count > 0 ? <AlertTriangle aria-hidden="true" className="size-4 text-accent" /> : <Info aria-hidden="true" className="size-4" />} {title}
      </h3>
      {count === 0 ? <p className="text-sm text-muted-foreground">{emptyText}</p> : null}
      {report.allergyWarnings.length > 0 ? (
        <ul className="grid gap-2" aria-label="Allergy warnings">
          {report.allergyWarnings.map((warning) => (
            <AllergyItem key={`${warning.itemId ?? 'new'}-${warning.allergen}`} warning={warning} />
          ))}
        </ul>
      ) : null}
      {report.interactions.length > 0 ? (
        <ul className="grid gap-2" aria-label="Interactions">
          {report.interactions.map((interaction) => (
            <InteractionItem key={`${interaction.interactionId}-${interaction.first.id}-${interaction.second.id ?? interaction.second.name}`} interaction={interaction} />
          ))}
        </ul>
      ) : null}
      <p className="text-xs text-muted-foreground">{report.disclaimer}</p>
    </section>
  );
}
