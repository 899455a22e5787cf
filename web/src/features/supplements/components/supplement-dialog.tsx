import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { TIMES_OF_DAY, TIME_OF_DAY_LABELS, WEEKDAYS, WEEKDAY_SHORT, type Weekday } from '#contract/schedule.ts';
import { type Supplement, supplementBodySchema, supplementNameSchema } from '#contract/supplements.ts';
import { DOSE_UNITS, FREQUENCY_UNITS, SUPPLEMENT_MESSAGES, defaultDoseAmount, doseAmountOptions, doseUnitLabel, isMassUnit } from '#contract/supplements-texts.ts';
import { InteractionCheck } from '#web/components/interactions/interaction-check.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { errorMessage } from '#web/lib/api-fetch.ts';
import { setServerErrors } from '#web/lib/forms.ts';
import { useSaveSupplement } from '../api/supplements.ts';
import {
  FREQUENCY_COUNTS,
  type SupplementFormValues,
  emptySupplementForm,
  formFieldOf,
  formToSupplementBody,
  supplementToForm,
} from '../utils/supplement-form.ts';
import { SupplementNameField } from './supplement-name-field.tsx';

// The server's own rules, run on the body the form would send, with each message put on its field.
const formSchema = z
  .object({
    name: supplementNameSchema,
    amount: z.string(),
    unit: z.enum(DOSE_UNITS),
    strength: z.string(),
    nutrientContent: z.string(),
    frequencyCount: z.number().int().min(1).max(14),
    frequencyUnit: z.enum(FREQUENCY_UNITS),
    notes: z.string().trim().max(1000, SUPPLEMENT_MESSAGES.notesTooLong),
    scheduled: z.boolean(),
    times: z.array(z.enum(TIMES_OF_DAY)),
    clockTimes: z.string(),
    daysKind: z.enum(['day', 'week', 'days']),
    weekdays: z.array(z.number()),
    interval: z.number(),
    startDate: z.string(),
    endDate: z.string(),
  })
  .superRefine((values, ctx) => {
    const result = supplementBodySchema.safeParse(formToSupplementBody(values as SupplementFormValues));
    if (result.success) return;
    for (const issue of result.error.issues) {
      const field = formFieldOf(issue.path.join('.')) ?? (issue.path[0] === 'schedule' ? 'clockTimes' : null);
      if (field && field !== 'name') ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
    }
  });

const FREQUENCY_LABELS = { hourly: 'Hourly', daily: 'Daily', weekly: 'Weekly' } as const;

export type SupplementDialogState = { mode: 'add' } | { mode: 'edit'; supplement: Supplement | null };

/** Add Supplement / Edit Supplement (product.md, Tracking). */
export function SupplementDialog({ state, onClose }: { state: SupplementDialogState | null; onClose: () => void }) {
  return (
    <Dialog open={state !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        {state ? <SupplementForm state={state} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function SupplementForm({ state, onDone }: { state: SupplementDialogState; onDone: () => void }) {
  const id = useId();
  const editing = state.mode === 'edit';
  const supplement = state.mode === 'edit' ? state.supplement : null;
  const save = useSaveSupplement();
  const form = useForm<SupplementFormValues, unknown, SupplementFormValues>({
    resolver: zodResolver(formSchema) as unknown as Resolver<SupplementFormValues>,
    defaultValues: supplement ? supplementToForm(supplement) : emptySupplementForm(),
  });
  const { errors, isSubmitting } = form.formState;
  const name = form.watch('name');

  const onSubmit = form.handleSubmit(async (values) => {
    if (editing && !supplement) {
      toast.error('Error', { description: 'No supplement selected for editing' });
      return;
    }
    try {
      await save.mutateAsync({ id: supplement?.id, body: formToSupplementBody(values) });
      toast.success(editing ? 'Supplement updated successfully' : 'Supplement added successfully');
      onDone();
    } catch (error) {
      toast.error('Error', { description: errorMessage(error, 'Failed to save supplement') });
      setServerErrors(error, form.setError, formFieldOf);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{editing ? 'Edit Supplement' : 'Add Supplement'}</DialogTitle>
        <DialogDescription>
          {editing ? 'Change the name, dosage, frequency, schedule or notes.' : 'Pick a supplement from the suggestions or type your own name.'}
        </DialogDescription>
      </DialogHeader>

      <Controller
        control={form.control}
        name="name"
        render={({ field }) => (
          <SupplementNameField
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.name?.message}
            inputProps={{ maxLength: 100, autoFocus: true }}
          />
        )}
      />

      <DosageFields id={id} form={form} />
      <FrequencyFields id={id} form={form} />

      <ScheduleFields id={id} form={form} />

      <FormField id={`${id}-notes`} label="Notes (optional)" error={errors.notes?.message}>
        {(control) => <Textarea {...control} className="min-h-20" maxLength={1000} placeholder="With food, before bed..." {...form.register('notes')} />}
      </FormField>

      {/* product.md, Medications and interactions: informs before adding, never blocks. */}
      {editing ? null : <InteractionCheck name={name} kind="supplement" />}

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : editing ? 'Save Changes' : 'Add Supplement'}
        </Button>
      </DialogFooter>
    </form>
  );
}

type SupplementFormApi = UseFormReturn<SupplementFormValues, unknown, SupplementFormValues>;

/** The dose: amount and unit, the strength of one unit when it is not a mass, and the nutrient it holds. */
function DosageFields({ id, form }: { id: string; form: SupplementFormApi }) {
  const { errors } = form.formState;
  const unit = form.watch('unit');
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">Dosage</legend>
      <div className="grid grid-cols-2 gap-3">
        <FormField id={`${id}-amount`} label="Amount" error={errors.amount?.message}>
          {(control) => (
            <>
              {/* The usual amounts are offered first; any other positive amount may be typed (decision 029). */}
              <Input {...control} type="text" inputMode="decimal" autoComplete="off" list={`${id}-amounts`} {...form.register('amount')} />
              <datalist id={`${id}-amounts`}>
                {doseAmountOptions(unit).map((amount) => (
                  <option key={amount} value={amount} />
                ))}
              </datalist>
            </>
          )}
        </FormField>
        <FormField id={`${id}-unit`} label="Unit">
          {(control) => (
            <NativeSelect
              {...control}
              {...form.register('unit', {
                // product.md, Tracking: a new unit resets the amount (50 for mg, mcg and IU, 1 for the rest).
                onChange: (event) => form.setValue('amount', String(defaultDoseAmount(event.target.value))),
              })}
            >
              {DOSE_UNITS.map((option) => (
                <option key={option} value={option}>
                  {doseUnitLabel(option)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </div>
      {isMassUnit(unit) ? null : (
        <FormField
          id={`${id}-strength`}
          label={`Strength of 1 ${doseUnitLabel(unit, 1)} (optional)`}
          error={errors.strength?.message}
          hint={`From the label, like "1000 mg EPA+DHA". Upper-limit warnings count ${doseUnitLabel(unit)} by it.`}
        >
          {(control) => <Input {...control} autoComplete="off" maxLength={80} placeholder="1000 mg EPA+DHA" {...form.register('strength')} />}
        </FormField>
      )}
      <FormField
        id={`${id}-content`}
        label="Nutrient in this dose (optional)"
        error={errors.nutrientContent?.message}
        hint='For a salt or blend, like "56 mg elemental magnesium" in 400 mg magnesium glycinate. Upper-limit warnings count this instead of the dose.'
      >
        {(control) => <Input {...control} autoComplete="off" maxLength={80} placeholder="56 mg elemental magnesium" {...form.register('nutrientContent')} />}
      </FormField>
    </fieldset>
  );
}

function FrequencyFields({ id, form }: { id: string; form: SupplementFormApi }) {
  const { errors } = form.formState;
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">Frequency</legend>
      <div className="grid grid-cols-2 gap-3">
        <FormField id={`${id}-frequency-count`} label="Times" error={errors.frequencyCount?.message}>
          {(control) => (
            <NativeSelect {...control} {...form.register('frequencyCount', { setValueAs: Number })}>
              {FREQUENCY_COUNTS.map((count) => (
                <option key={count} value={count}>
                  {count}x
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField id={`${id}-frequency-unit`} label="How often">
          {(control) => (
            <NativeSelect {...control} {...form.register('frequencyUnit')}>
              {FREQUENCY_UNITS.map((option) => (
                <option key={option} value={option}>
                  {FREQUENCY_LABELS[option]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </div>
    </fieldset>
  );
}

const DAYS_LABELS = { day: 'Every day', week: 'Days of the week', days: 'Every few days' } as const;

/** When it is taken (product.md, Tracking, "Schedules"): times of day, days, and the course's end. */
function ScheduleFields({ id, form }: { id: string; form: SupplementFormApi }) {
  const { errors } = form.formState;
  const scheduled = form.watch('scheduled');
  const daysKind = form.watch('daysKind');
  const timeError = errors.clockTimes?.message ?? errors.times?.message;
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium">Schedule</legend>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4 accent-primary" {...form.register('scheduled')} />
        Show it in Today at set times
      </label>
      {scheduled ? (
        <>
          <div role="group" aria-label="Times of day" className="flex flex-wrap gap-x-4 gap-y-2">
            {TIMES_OF_DAY.map((time) => (
              <label key={time} className="flex items-center gap-2 text-sm">
                <input type="checkbox" value={time} className="size-4 accent-primary" {...form.register('times')} />
                {TIME_OF_DAY_LABELS[time]}
              </label>
            ))}
          </div>
          <FormField id={`${id}-clock`} label="Clock times (optional)" hint="Like 07:30, 21:00" error={timeError}>
            {(control) => <Input {...control} autoComplete="off" inputMode="numeric" placeholder="07:30, 21:00" {...form.register('clockTimes')} />}
          </FormField>
          <div className="grid grid-cols-2 gap-3">
            <FormField id={`${id}-days`} label="Days">
              {(control) => (
                <NativeSelect {...control} {...form.register('daysKind')}>
                  {(['day', 'week', 'days'] as const).map((kind) => (
                    <option key={kind} value={kind}>
                      {DAYS_LABELS[kind]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            {daysKind === 'days' ? (
              <FormField id={`${id}-interval`} label="Every N days" error={errors.interval?.message}>
                {(control) => <Input {...control} type="number" min={2} max={90} step={1} {...form.register('interval', { valueAsNumber: true })} />}
              </FormField>
            ) : null}
          </div>
          {daysKind === 'week' ? (
            <div className="grid gap-2">
              <div role="group" aria-label="Days of the week" className="flex flex-wrap gap-x-3 gap-y-2">
                {WEEKDAYS.map((day) => (
                  <label key={day} className="flex items-center gap-1.5 text-sm">
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      checked={form.watch('weekdays').includes(day)}
                      onChange={(event) => {
                        const current = form.getValues('weekdays');
                        const next: Weekday[] = event.target.checked ? [...current, day] : current.filter((d) => d !== day);
                        form.setValue('weekdays', next, { shouldDirty: true });
                      }}
                    />
                    {WEEKDAY_SHORT[day]}
                  </label>
                ))}
              </div>
              {errors.weekdays?.message ? <p className="text-sm text-destructive">{errors.weekdays.message}</p> : null}
            </div>
          ) : null}
          <FormField id={`${id}-end`} label="Course ends (optional)" hint="The last day of the course; leave empty to keep going." error={errors.endDate?.message}>
            {(control) => <Input {...control} type="date" {...form.register('endDate')} />}
          </FormField>
        </>
      ) : null}
    </fieldset>
  );
}
