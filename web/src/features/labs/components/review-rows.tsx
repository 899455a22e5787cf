import { AlertTriangle, EyeOff, HelpCircle } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { toast } from 'sonner';
import { type BiomarkerCatalogueEntry, type LabReviewRow, type OwnBiomarker, labResultUpdateBodySchema, ownBiomarkerBodySchema } from '#contract/labs.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { SearchInput } from '#web/components/ui/search-input.tsx';
import { errorMessage, isApiError } from '#web/lib/api-fetch.ts';
import { cn } from '#web/lib/cn.ts';
import { type FieldOf, bodySchema, sameNames, setServerErrors } from '#web/lib/forms.ts';
import { useDismissReviewRow, useKeepReviewRowAsOwn, useSaveReviewRow } from '../api/lab-results.ts';
import { ValueField } from './value-field.tsx';
import { formatValue } from '../utils/chart-rows.ts';
import { implausibleText, matchBiomarkers, parseLabValue, rangeText } from '../utils/lab-results.ts';

type ReviewRowsProps = {
  rows: LabReviewRow[];
  catalogue: BiomarkerCatalogueEntry[];
  own: OwnBiomarker[];
  selectedId: string | null;
  onSelect: (id: string) => void;
};

/**
 * Rows the reader could not settle alone (product.md, Labs): a name the catalogue does not know
 * (match it or keep it as the user's own), a value no one can have (confirm or correct it) and a
 * known test whose value could not be read (type it from the report). Nothing here is a result
 * until the user decides; confirming the file waits for them.
 */
export function ReviewRows({ rows, catalogue, own, selectedId, onSelect }: ReviewRowsProps) {
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="review-rows-title" className="grid gap-3">
      <div>
        <h3 id="review-rows-title" className="text-base font-semibold">
          Needs your decision
        </h3>
        <p className="text-sm text-muted-foreground">
          {rows.length === 1 ? 'This row is' : `These ${rows.length} rows are`} not saved until you decide. Compare with your report.
        </p>
      </div>
      <ul className="grid gap-3">
        {rows.map((row) => (
          <li key={row.id}>
            <ReviewRowCard row={row} catalogue={catalogue} own={own} selected={row.id === selectedId} onSelect={() => onSelect(row.id)} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A row read with its value: every kind but 'unread'. */
type ReadRow = LabReviewRow & { value: number };
const hasValue = (row: LabReviewRow): row is ReadRow => row.value !== null;

const BADGES = {
  implausible: (
    <Badge variant="warning">
      <AlertTriangle aria-hidden="true" /> Unlikely value
    </Badge>
  ),
  unread: (
    <Badge variant="warning">
      <EyeOff aria-hidden="true" /> Value not read
    </Badge>
  ),
  unrecognised: (
    <Badge variant="outline">
      <HelpCircle aria-hidden="true" /> Not recognised
    </Badge>
  ),
} satisfies Record<LabReviewRow['kind'], React.ReactNode>;

function ReviewRowCard({ row, catalogue, own, selected, onSelect }: { row: LabReviewRow; catalogue: BiomarkerCatalogueEntry[]; own: OwnBiomarker[]; selected: boolean; onSelect: () => void }) {
  const range = rangeText(row.referenceRange);
  const printed = row.value === null ? null : `${formatValue(row.value)} ${row.unit}`.trim();
  return (
    <article
      aria-label={printed ? `${row.name} ${printed}` : row.name}
      onFocusCapture={onSelect}
      onClick={onSelect}
      className={cn('grid gap-3 rounded-lg border p-3 text-sm', row.kind === 'unrecognised' ? 'border-accent/50 bg-accent/10' : 'border-destructive/50 bg-destructive/5', selected && 'ring-2 ring-ring')}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-words">{row.name}</p>
          {printed ? (
            <p className="tabular-nums">
              {printed}
              {range ? <span className="text-muted-foreground"> · range {range}</span> : null}
              {row.printedFlag ? <span className="text-muted-foreground"> · report says {row.printedFlag}</span> : null}
            </p>
          ) : range ? (
            <p className="text-muted-foreground">Range {range}</p>
          ) : null}
        </div>
        {BADGES[row.kind]}
      </div>
      {row.kind === 'implausible' && hasValue(row) ? <ImplausibleDecision row={row} /> : null}
      {row.kind === 'unread' ? <UnreadDecision row={row} units={catalogue.find((entry) => entry.key === row.biomarker)?.units ?? []} /> : null}
      {row.kind === 'unrecognised' && hasValue(row) ? <UnrecognisedDecision row={row} catalogue={catalogue} own={own} /> : null}
    </article>
  );
}

type ValueValues = { value: string; confirmed: boolean };
/** Whatever the server says about the row's body shows under its value, the one field the user edits. */
const valueField: FieldOf<ValueValues> = () => 'value';

/** The value typed is the row's as printed: no sign, since a limit is never listed as implausible. */
function isUnchanged(row: ReadRow, text: string): boolean {
  const typed = parseLabValue(text);
  return typed.comparator === null && typed.value === row.value;
}

/** The row as a result, with its value as typed (not a number when that is not one); an unchanged value is confirmed as printed. */
function implausibleBody(row: ReadRow, { value }: ValueValues) {
  const typed = parseLabValue(value);
  return {
    biomarker: row.biomarker ?? '',
    value: typed.value ?? Number.NaN,
    comparator: typed.comparator,
    unit: row.unit,
    referenceLow: row.referenceRange.low,
    referenceHigh: row.referenceRange.high,
    ...(row.referenceRange.text ? { referenceText: row.referenceRange.text } : {}),
    ...(isUnchanged(row, value) ? { confirmImplausible: true } : {}),
  };
}

/** The contract's result body, and the box that confirms an unchanged value is what the report prints. */
export function implausibleFormSchema(row: ReadRow) {
  return bodySchema<ValueValues>(labResultUpdateBodySchema, (values) => implausibleBody(row, values), valueField).superRefine((values, ctx) => {
    if (isUnchanged(row, values.value) && !values.confirmed) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Correct the value, or tick the box to confirm your report prints it.' });
    }
  });
}

function ImplausibleDecision({ row }: { row: ReadRow }) {
  const id = useId();
  const save = useSaveReviewRow();
  const form = useForm<ValueValues>({ resolver: zodResolver(implausibleFormSchema(row)), defaultValues: { value: String(row.value), confirmed: false } });
  const unchanged = isUnchanged(row, form.watch('value'));
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: row.id, body: implausibleBody(row, values) });
      toast.success(`${row.name} saved`);
    } catch (failure) {
      if (!setServerErrors(failure, form.setError, valueField)) form.setError('value', { message: errorMessage(failure, 'Could not save. Please try again.') });
    }
  });
  return (
    <div className="grid gap-3">
      <p role="alert" className="text-destructive">
        {implausibleText(row.value, row.unit, row.name)}
      </p>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,10rem)_1fr] sm:items-end">
        <FormField id={`${id}-value`} label={`${row.name} value (${row.unit || 'no unit'})`} error={form.formState.errors.value?.message}>
          {(control) => <Input {...control} inputMode="decimal" autoComplete="off" {...form.register('value')} />}
        </FormField>
        <label className="flex items-center gap-2 pb-2">
          <input type="checkbox" className="size-4 accent-primary" disabled={!unchanged} {...form.register('confirmed')} />
          My report prints {formatValue(row.value)} {row.unit}
        </label>
      </div>
      <SaveOrLeaveOut rowId={row.id} label={unchanged ? 'Confirm value' : 'Save corrected value'} saving={save.isPending} onSave={(event) => void submit(event)} />
    </div>
  );
}

/** A value's decision: save it as typed, or leave the row out. */
function SaveOrLeaveOut({ rowId, label, saving, onSave }: { rowId: string; label: string; saving: boolean; onSave: (event: React.MouseEvent) => void }) {
  const dismiss = useDismissReviewRow();
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" onClick={onSave} disabled={saving}>
        {saving ? 'Saving...' : label}
      </Button>
      <Button size="sm" variant="ghost" onClick={() => dismiss.mutate(rowId)} disabled={dismiss.isPending}>
        Leave out
      </Button>
    </div>
  );
}

type UnreadValues = { value: string; unit: string; confirmed: boolean };
const unreadFields: FieldOf<UnreadValues> = (field) => (field === 'unit' ? 'unit' : 'value');

/** The value typed, with the range read beside it when there was one, so that the result is flagged at once. */
export function unreadBody(row: LabReviewRow, { value, unit, confirmed }: UnreadValues) {
  const typed = parseLabValue(value);
  const { low, high, text } = row.referenceRange;
  const range = low !== null || high !== null ? { referenceLow: low, referenceHigh: high, ...(text ? { referenceText: text } : {}) } : {};
  return { biomarker: row.biomarker ?? '', value: typed.value ?? Number.NaN, comparator: typed.comparator, unit, ...range, ...(confirmed ? { confirmImplausible: true } : {}) };
}

/** The value typed from the report, in one of the biomarker's units: the contract's result body. */
export function unreadFormSchema(row: LabReviewRow) {
  return bodySchema<UnreadValues>(labResultUpdateBodySchema, (values) => unreadBody(row, values), unreadFields);
}

/** A known test whose value the reader could not read surely: the user types it as the report prints it. */
function UnreadDecision({ row, units }: { row: LabReviewRow; units: string[] }) {
  const id = useId();
  const save = useSaveReviewRow();
  const unitRead = units.find((unit) => unit.toLowerCase() === row.unit.toLowerCase());
  const form = useForm<UnreadValues>({ resolver: zodResolver(unreadFormSchema(row)), defaultValues: { value: '', unit: unitRead ?? units[0] ?? '', confirmed: false } });
  const [needsConfirm, setNeedsConfirm] = useState(false);
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: row.id, body: unreadBody(row, values) });
      toast.success(`${row.name} saved`);
    } catch (failure) {
      const detail = isApiError(failure) ? failure.details[0] : undefined;
      // Far outside what is possible: ask the user to confirm the report prints it.
      if (detail?.field === 'confirmImplausible') setNeedsConfirm(true);
      if (!setServerErrors(failure, form.setError, unreadFields)) form.setError('value', { message: errorMessage(failure, 'Could not save. Please try again.') });
    }
  });
  return (
    <div className="grid gap-3">
      <p>We could not read this value surely. Type it as your report prints it, or leave it out.</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={`${id}-value`} label={`${row.name} value`} error={errors.value?.message}>
          {(control) => (
            <ValueField
              {...control}
              {...form.register('value')}
              text={form.watch('value')}
              signLabel={`${row.name} limit sign`}
              onSignChange={(text) => form.setValue('value', text, { shouldDirty: true })}
            />
          )}
        </FormField>
        <FormField id={`${id}-unit`} label="Unit" error={errors.unit?.message}>
          {(control) => (
            <NativeSelect {...control} {...form.register('unit')}>
              <UnitOptions units={units} />
            </NativeSelect>
          )}
        </FormField>
      </div>
      {needsConfirm ? (
        <label className="flex items-center gap-2">
          <input type="checkbox" className="size-4 accent-primary" {...form.register('confirmed')} />
          My report prints {form.watch('value')} {form.watch('unit')}
        </label>
      ) : null}
      <SaveOrLeaveOut rowId={row.id} label="Save value" saving={save.isPending} onSave={(event) => void submit(event)} />
    </div>
  );
}

type Mode = 'match' | 'own';

function UnrecognisedDecision({ row, catalogue, own }: { row: ReadRow; catalogue: BiomarkerCatalogueEntry[]; own: OwnBiomarker[] }) {
  const [mode, setMode] = useState<Mode>('match');
  const dismiss = useDismissReviewRow();
  return (
    <div className="grid gap-3">
      <div role="group" aria-label={`What is ${row.name}?`} className="flex flex-wrap gap-2">
        <Button size="sm" variant={mode === 'match' ? 'default' : 'outline'} aria-pressed={mode === 'match'} onClick={() => setMode('match')}>
          Match to a biomarker
        </Button>
        <Button size="sm" variant={mode === 'own' ? 'default' : 'outline'} aria-pressed={mode === 'own'} onClick={() => setMode('own')}>
          Keep as my own
        </Button>
        <Button size="sm" variant="ghost" onClick={() => dismiss.mutate(row.id)} disabled={dismiss.isPending}>
          Leave out
        </Button>
      </div>
      {mode === 'match' ? <MatchForm row={row} catalogue={catalogue} own={own} /> : <OwnForm row={row} />}
    </div>
  );
}

type MatchValues = { biomarker: string; unit: string; confirm: boolean };
/** The row's message from the contract shows under the fields, as the biomarker's. */
const matchField: FieldOf<MatchValues> = () => 'biomarker';

function matchBody(row: ReadRow, { biomarker, unit, confirm }: MatchValues) {
  return {
    biomarker,
    value: row.value,
    unit,
    referenceLow: row.referenceRange.low,
    referenceHigh: row.referenceRange.high,
    ...(row.referenceRange.text ? { referenceText: row.referenceRange.text } : {}),
    ...(confirm ? { confirmImplausible: true } : {}),
  };
}

/** A biomarker must be chosen from the list; then the body is the contract's result. */
export function matchFormSchema(row: ReadRow) {
  return z
    .object({ biomarker: z.string().min(1, 'Choose the biomarker this row is'), unit: z.string(), confirm: z.boolean() })
    .pipe(bodySchema<MatchValues>(labResultUpdateBodySchema, (values) => matchBody(row, values), matchField));
}

function MatchForm({ row, catalogue, own }: { row: ReadRow; catalogue: BiomarkerCatalogueEntry[]; own: OwnBiomarker[] }) {
  const id = useId();
  const save = useSaveReviewRow();
  const [query, setQuery] = useState('');
  const form = useForm<MatchValues>({ resolver: zodResolver(matchFormSchema(row)), defaultValues: { biomarker: '', unit: row.unit, confirm: false } });
  const [key, unit] = form.watch(['biomarker', 'unit']);
  const [needsConfirm, setNeedsConfirm] = useState(false);
  const { errors } = form.formState;
  const error = errors.biomarker?.message ?? errors.root?.message;
  const options = useMemo(() => matchBiomarkers(query, catalogue, own), [query, catalogue, own]);
  const picked = options.find((option) => option.key === key) ?? matchBiomarkers('', catalogue, own).find((option) => option.key === key);
  const units = picked ? [...new Set([...(row.unit ? [row.unit] : []), ...picked.units])] : [];
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: row.id, body: matchBody(row, values) });
      toast.success(`${row.name} saved as ${picked?.name ?? values.biomarker}`);
    } catch (failure) {
      const detail = isApiError(failure) ? failure.details[0] : undefined;
      // The value is far outside what is possible for the biomarker chosen: ask before saving it.
      if (detail?.field === 'confirmImplausible') setNeedsConfirm(true);
      form.setError('root', { message: detail?.message ?? errorMessage(failure, 'Could not save. Please try again.') });
    }
  });
  return (
    <div className="grid gap-3">
      <SearchInput label={`Search biomarkers for ${row.name}`} placeholder="Search biomarkers" value={query} onSearch={setQuery} />
      <BiomarkerAndUnit
        id={id}
        row={row}
        options={options}
        biomarker={key}
        unit={unit}
        units={picked ? units : null}
        onBiomarker={(next, nextUnit) => {
          form.setValue('biomarker', next);
          if (nextUnit !== null) form.setValue('unit', nextUnit);
        }}
        onUnit={(next) => form.setValue('unit', next)}
      />
      {needsConfirm ? (
        <label className="flex items-center gap-2">
          <input type="checkbox" className="size-4 accent-primary" {...form.register('confirm')} />
          My report prints {formatValue(row.value)} {row.unit}
        </label>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <Button size="sm" className="w-fit" onClick={(event) => void submit(event)} disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save match'}
      </Button>
    </div>
  );
}

/** The biomarker a row is matched to, and its unit (`units` is null until a biomarker is chosen). */
function BiomarkerAndUnit({ id, row, options, biomarker, unit, units, onBiomarker, onUnit }: {
  id: string;
  row: ReadRow;
  options: ReturnType<typeof matchBiomarkers>;
  biomarker: string;
  unit: string;
  units: string[] | null;
  /** The unit to switch to with the biomarker, or null to keep the one chosen. */
  onBiomarker: (key: string, unit: string | null) => void;
  onUnit: (unit: string) => void;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <FormField id={`${id}-biomarker`} label="Biomarker" hint={options.length === 0 ? 'No matches found. Try another name, or keep it as your own.' : undefined}>
        {(control) => (
          <NativeSelect
            {...control}
            value={biomarker}
            onChange={(event) => {
              const next = options.find((option) => option.key === event.target.value);
              onBiomarker(event.target.value, next ? (next.units.find((u) => u.toLowerCase() === row.unit.toLowerCase()) ?? (row.unit || next.units[0]) ?? '') : null);
            }}
          >
            <option value="">{options.length === 0 ? 'No matches' : `Choose (${options.length} found)`}</option>
            {options.map((option) => (
              <option key={option.key} value={option.key}>
                {option.name}
                {option.own ? ' (yours)' : ''}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField id={`${id}-unit`} label="Unit">
        {(control) => (
          <NativeSelect {...control} value={unit} disabled={!units} onChange={(event) => onUnit(event.target.value)}>
            {units ? null : <option value={unit}>{unit || 'Choose a biomarker first'}</option>}
            <UnitOptions units={units ?? []} />
          </NativeSelect>
        )}
      </FormField>
    </div>
  );
}

/** A biomarker's units as a select's options; a ratio's unit is "". */
function UnitOptions({ units }: { units: string[] }) {
  return units.map((u) => (
    <option key={u} value={u}>
      {u || 'no unit'}
    </option>
  ));
}

type OwnBiomarkerBody = z.infer<typeof ownBiomarkerBodySchema>;
const ownFields = sameNames<OwnBiomarkerBody>(['name', 'unit']);

function OwnForm({ row }: { row: ReadRow }) {
  const id = useId();
  const keep = useKeepReviewRowAsOwn();
  const form = useForm<OwnBiomarkerBody>({ resolver: zodResolver(ownBiomarkerBodySchema), defaultValues: { name: row.name, unit: row.unit } });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    try {
      await keep.mutateAsync({ id: row.id, ...body });
      toast.success(`${body.name} kept as your own biomarker`, { description: 'It is charted like the others.' });
    } catch (failure) {
      if (!setServerErrors(failure, form.setError, ownFields)) form.setError('root', { message: errorMessage(failure, 'Could not save. Please try again.') });
    }
  });
  return (
    <div className="grid gap-3">
      <p className="text-muted-foreground">Its value and range are kept as printed, and it is charted in this unit.</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={`${id}-name`} label="Name" error={errors.name?.message}>
          {(control) => <Input {...control} maxLength={100} {...form.register('name')} />}
        </FormField>
        <FormField id={`${id}-unit`} label="Unit" error={errors.unit?.message}>
          {(control) => <Input {...control} maxLength={40} {...form.register('unit')} />}
        </FormField>
      </div>
      {errors.root ? (
        <p role="alert" className="text-sm text-destructive">
          {errors.root.message}
        </p>
      ) : null}
      <Button size="sm" className="w-fit" onClick={(event) => void submit(event)} disabled={keep.isPending}>
        {keep.isPending ? 'Saving...' : 'Keep as my own biomarker'}
      </Button>
    </div>
  );
}
