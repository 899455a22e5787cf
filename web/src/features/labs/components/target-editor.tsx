import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { type BiomarkerTargetBody, biomarkerTargetBodySchema } from '#contract/labs.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { errorMessage, isApiError } from '#web/lib/api-fetch.ts';
import { type FieldOf, bodySchema, setServerErrors } from '#web/lib/forms.ts';
import { displayUnit } from '#web/lib/lab-units.ts';
import { useRemoveTarget, useSaveTarget } from '../api/targets.ts';
import { formatValue } from '../utils/chart-rows.ts';
import { BiomarkerName } from './biomarker-name.tsx';
import type { ChartSeries } from '../utils/series.ts';

const SOURCE_LABELS = { report: 'from your report', profile: 'for your sex and age', typical: 'a typical adult range' } as const;

function rangeText(range: { low: number | null; high: number | null }, unit: string): string {
  const shown = displayUnit(unit);
  const suffix = shown ? ` ${shown}` : '';
  if (range.low !== null && range.high !== null) return `${formatValue(range.low)} to ${formatValue(range.high)}${suffix}`;
  if (range.low !== null) return `at least ${formatValue(range.low)}${suffix}`;
  if (range.high !== null) return `at most ${formatValue(range.high)}${suffix}`;
  return 'none';
}

/**
 * Under the charts: each drawn biomarker's reference range and where it comes from, its optimal
 * range with the source, and the user's own target, which they set here (decision 040).
 */
export function TargetsPanel({ series, linkNames = true }: { series: ChartSeries[]; /** Each name opens its biomarker's page. */ linkNames?: boolean }) {
  // Every drawn series, the user's own biomarkers included: their target is in the unit they were kept in.
  const editable = series;
  if (editable.length === 0) return null;
  return (
    <section aria-labelledby="targets-heading" className="grid gap-3">
      <h4 id="targets-heading" className="text-sm font-medium">
        Ranges and targets
      </h4>
      <ul className="grid gap-3">
        {editable.map((one) => (
          <TargetRow key={one.biomarker} series={one} linkName={linkNames} />
        ))}
      </ul>
    </section>
  );
}

/** A typed end: empty is open; text that is no number goes as typed, so that the contract's "Must be a number" names the field. */
const targetEnd = (text: string) => (text.trim() === '' ? null : Number.isFinite(Number(text)) ? Number(text) : (text as unknown as number));

type TargetValues = { low: string; high: string };
/** The body's ends are the form's fields; a message about the biomarker or unit shows as the form's own. */
const targetField: FieldOf<TargetValues> = (bodyField) => (bodyField === 'low' || bodyField === 'high' ? bodyField : null);

function targetBody(series: ChartSeries, values: TargetValues): BiomarkerTargetBody {
  return { biomarker: series.biomarker, low: targetEnd(values.low), high: targetEnd(values.high), unit: series.unit };
}

export function targetFormSchema(series: ChartSeries) {
  return bodySchema<TargetValues>(biomarkerTargetBodySchema, (values) => targetBody(series, values), targetField);
}

function TargetRow({ series, linkName }: { series: ChartSeries; linkName: boolean }) {
  return (
    <li className="grid gap-2 rounded-md border border-border p-3 text-sm">
      <p className="font-medium">{linkName ? <BiomarkerName biomarker={series.biomarker} name={series.name} /> : series.name}</p>
      <p className="text-muted-foreground">
        Reference range: {rangeText(series.referenceRange, series.unit)}
        {series.referenceRange.low !== null || series.referenceRange.high !== null ? ` (${SOURCE_LABELS[series.referenceSource ?? 'typical']})` : ''}
      </p>
      {series.optimalRange ? (
        <p className="text-muted-foreground">
          Optimal range: {rangeText(series.optimalRange, series.unit)}. {series.optimalRange.note}{' '}
          <a className="text-primary underline underline-offset-2" href={series.optimalRange.citation.url} target="_blank" rel="noreferrer">
            {series.optimalRange.citation.source}, {series.optimalRange.citation.year}
          </a>
        </p>
      ) : null}
      <TargetForm series={series} />
      {series.target ? <p className="text-muted-foreground">Your target: {rangeText(series.target, series.unit)}</p> : null}
    </li>
  );
}

function TargetForm({ series }: { series: ChartSeries }) {
  const save = useSaveTarget();
  const remove = useRemoveTarget();
  const form = useForm<TargetValues>({
    resolver: zodResolver(targetFormSchema(series)),
    defaultValues: { low: series.target?.low?.toString() ?? '', high: series.target?.high?.toString() ?? '' },
  });
  const { errors } = form.formState;
  const id = `target-${series.biomarker}`;
  const unit = displayUnit(series.unit);

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(targetBody(series, values));
      toast.success(`Target saved for ${series.name}`);
    } catch (error) {
      if (setServerErrors(error, form.setError, targetField)) return;
      const message = isApiError(error) ? error.details[0]?.message : undefined;
      if (message) form.setError('root', { message });
      else toast.error(errorMessage(error, 'Could not save the target'));
    }
  });

  const fieldError = errors.low?.message ?? errors.high?.message ?? errors.root?.message;
  return (
    <>
      <form className="flex flex-wrap items-end gap-2" onSubmit={submit} aria-label={`Your target for ${series.name}`} noValidate>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-low`}>Target low{unit ? ` (${unit})` : ''}</Label>
          <Input id={`${id}-low`} inputMode="decimal" className="w-28" {...form.register('low')} aria-invalid={errors.low ? true : undefined} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-high`}>Target high{unit ? ` (${unit})` : ''}</Label>
          <Input id={`${id}-high`} inputMode="decimal" className="w-28" {...form.register('high')} aria-invalid={errors.high ? true : undefined} />
        </div>
        <Button type="submit" size="sm" disabled={save.isPending}>
          Save target
        </Button>
        {series.target ? (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(series.biomarker, {
                onSuccess: () => {
                  form.reset({ low: '', high: '' });
                  toast.success(`Target removed for ${series.name}`);
                },
              })
            }
          >
            Remove target
          </Button>
        ) : null}
      </form>
      {fieldError ? (
        <p role="alert" className="text-destructive">
          {fieldError}
        </p>
      ) : null}
    </>
  );
}

