import { useId, useMemo, useState } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { BIOMARKER_CATEGORIES } from '#contract/biomarker-lists.ts';
import type { BiomarkerCatalogueEntry, LabResult, LabResultInput } from '#contract/labs.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { isApiError } from '#web/lib/api-fetch.ts';
import { CATEGORY_LABELS } from '../utils/categories.ts';
import { ValueField } from './value-field.tsx';
import { type ResultFormValues, emptyResultForm, formToResultInput, parseLabValue, parseNumber, resultFormField, resultToForm } from '../utils/lab-results.ts';

export type ResultBody = LabResultInput & { testDate?: string };

type ResultFormProps = {
  catalogue: BiomarkerCatalogueEntry[];
  /** The result being corrected; none when adding. */
  result?: LabResult | undefined;
  /** A new result's date (the file's test date); the user may change it. */
  defaultDate?: string | undefined;
  /** Results with no file need their date. */
  requireDate: boolean;
  submitLabel: string;
  /** Throws the server's error: its field errors are shown on the fields. */
  onSubmit: (body: ResultBody) => Promise<void>;
  onCancel: () => void;
};

const DATE_MESSAGE = 'Test date must be a date like 2025-01-31';

/** A number field: empty is fine unless required; anything else must read as a number. */
const numberRule = (required: boolean, message: string, parse: (text: string) => number | null = parseNumber) => ({
  validate: (text: string) => {
    const value = parse(text);
    if (value === null) return required ? message : true;
    return Number.isFinite(value) || message;
  },
});

/** The value may start with a limit's sign, as printed ("< 0.5"); what follows must be a number. */
const VALUE_RULE = numberRule(true, 'Value must be a number', (text) => parseLabValue(text).value);

/**
 * One lab result as the user types or corrects it. The biomarker comes from the catalogue and the
 * unit from the biomarker's units, so what is saved is always something the chart can convert;
 * the server checks the value is plausible for the unit.
 */
export function ResultForm({ catalogue, result, defaultDate, requireDate, submitLabel, onSubmit, onCancel }: ResultFormProps) {
  const id = useId();
  const form = useForm<ResultFormValues>({ defaultValues: result ? resultToForm(result) : emptyResultForm(defaultDate ?? '') });
  const { errors, isSubmitting } = form.formState;
  const biomarker = form.watch('biomarker');
  const marker = catalogue.find((entry) => entry.key === biomarker);

  // A corrected result may carry a unit spelled as printed; it stays offered.
  const units = marker ? [...new Set([...marker.units, ...(result && result.biomarker === marker.key ? [result.unit] : [])])] : [];
  const { submit, askConfirm, confirmed, setConfirmed } = useResultSubmit(form, result, onSubmit);

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4" aria-label={submitLabel}>
      <div className="grid gap-4 sm:grid-cols-2">
        <BiomarkerField id={`${id}-biomarker`} form={form} catalogue={catalogue} />
        <FormField id={`${id}-value`} label="Value" error={errors.value?.message} hint="Printed as a limit (< 0.5)? Pick or type its sign.">
          {(control) => (
            <ValueField
              {...control}
              {...form.register('value', VALUE_RULE)}
              text={form.watch('value')}
              signLabel="Limit sign"
              onSignChange={(text) => form.setValue('value', text, { shouldDirty: true })}
            />
          )}
        </FormField>
        <FormField id={`${id}-unit`} label="Unit" error={errors.unit?.message}>
          {(control) => (
            <NativeSelect {...control} disabled={!marker} {...form.register('unit', { required: 'Unit is required' })}>
              {marker ? null : <option value="">Choose a biomarker first</option>}
              {units.map((unit) => (
                <option key={unit} value={unit}>
                  {unit}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <ReferenceRangeFields id={id} form={form} />
        <FormField
          id={`${id}-date`}
          label={requireDate ? 'Test date' : 'Test date (optional)'}
          error={errors.testDate?.message}
          hint={requireDate ? undefined : "Left empty, the report's test date applies."}
        >
          {(control) => (
            <Input
              {...control}
              type="date"
              min="1900-01-01"
              {...form.register('testDate', {
                validate: (text: string) => (text ? /^\d{4}-\d{2}-\d{2}$/.test(text) || DATE_MESSAGE : requireDate ? DATE_MESSAGE : true),
              })}
            />
          )}
        </FormField>
      </div>
      {askConfirm ? (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4 accent-primary" checked={confirmed} onChange={(event) => setConfirmed(event.target.checked)} />
          My report prints this value
        </label>
      ) : null}
      {errors.root?.message ? (
        <p role="alert" className="text-sm text-destructive">
          {errors.root.message}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : submitLabel}
        </Button>
      </div>
    </form>
  );
}

type ResultFormApi = UseFormReturn<ResultFormValues>;

/**
 * Sends the result and puts the server's answer on the fields. A value far outside what is possible
 * asks the user to confirm it (their report prints it) or correct it.
 */
function useResultSubmit(form: ResultFormApi, result: LabResult | undefined, onSubmit: (body: ResultBody) => Promise<void>) {
  const [askConfirm, setAskConfirm] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit({ ...formToResultInput(values, result), ...(askConfirm && confirmed ? { confirmImplausible: true } : {}) });
    } catch (error) {
      if (!isApiError(error)) throw error;
      let placed = false;
      for (const detail of error.details) {
        if (detail.field === 'confirmImplausible') {
          setAskConfirm(true);
          setConfirmed(false);
          form.setError('value', { type: 'server', message: detail.message });
          placed = true;
          continue;
        }
        const field = resultFormField(detail.field);
        if (field) {
          form.setError(field, { type: 'server', message: detail.message });
          placed = true;
        }
      }
      if (!placed) form.setError('root', { type: 'server', message: error.message });
    }
  });
  return { submit, askConfirm, confirmed, setConfirmed };
}

/** The catalogue by category; choosing a biomarker picks its first unit. */
function BiomarkerField({ id, form, catalogue }: { id: string; form: ResultFormApi; catalogue: BiomarkerCatalogueEntry[] }) {
  const groups = useMemo(
    () =>
      BIOMARKER_CATEGORIES.map((category) => ({
        category,
        entries: catalogue.filter((entry) => entry.category === category).sort((a, b) => a.name.localeCompare(b.name)),
      })).filter((group) => group.entries.length > 0),
    [catalogue],
  );
  return (
    <FormField id={id} label="Biomarker" error={form.formState.errors.biomarker?.message} className="sm:col-span-2">
      {(control) => (
        <NativeSelect
          {...control}
          {...form.register('biomarker', {
            required: 'Biomarker is required',
            onChange: (event: { target: { value: string } }) => {
              const next = catalogue.find((entry) => entry.key === event.target.value);
              form.setValue('unit', next?.units[0] ?? '');
            },
          })}
        >
          <option value="">Choose a biomarker</option>
          {groups.map((group) => (
            <optgroup key={group.category} label={CATEGORY_LABELS[group.category]}>
              {group.entries.map((entry) => (
                <option key={entry.key} value={entry.key}>
                  {entry.name}
                </option>
              ))}
            </optgroup>
          ))}
        </NativeSelect>
      )}
    </FormField>
  );
}

function ReferenceRangeFields({ id, form }: { id: string; form: ResultFormApi }) {
  const { errors } = form.formState;
  return (
    <>
      <FormField id={`${id}-low`} label="Reference low (optional)" error={errors.referenceLow?.message}>
        {(control) => <Input {...control} inputMode="decimal" autoComplete="off" {...form.register('referenceLow', numberRule(false, 'Must be a number'))} />}
      </FormField>
      <FormField id={`${id}-high`} label="Reference high (optional)" error={errors.referenceHigh?.message}>
        {(control) => (
          <Input
            {...control}
            inputMode="decimal"
            autoComplete="off"
            {...form.register('referenceHigh', {
              validate: (text: string, values) => {
                const high = parseNumber(text);
                if (high === null) return true;
                if (!Number.isFinite(high)) return 'Must be a number';
                const low = parseNumber(values.referenceLow);
                return low === null || !Number.isFinite(low) || low <= high || 'The low end of the reference range is above its high end';
              },
            })}
          />
        )}
      </FormField>
    </>
  );
}
