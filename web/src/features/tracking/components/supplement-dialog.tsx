import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  DOSE_UNITS,
  FREQUENCY_UNITS,
  type Supplement,
  SUPPLEMENT_MESSAGES,
  defaultDoseAmount,
  doseAmountOptions,
  parseDosage,
  supplementNameSchema,
} from '#contract/tracking.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { errorMessage, isApiError } from '#web/lib/api-fetch.ts';
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

const formSchema = z
  .object({
    name: supplementNameSchema,
    amount: z.number(),
    unit: z.enum(DOSE_UNITS),
    frequencyCount: z.number().int().min(1).max(14),
    frequencyUnit: z.enum(FREQUENCY_UNITS),
    notes: z.string().trim().max(1000, SUPPLEMENT_MESSAGES.notesTooLong),
  })
  .superRefine((values, ctx) => {
    const dosage = parseDosage(`${values.amount} ${values.unit}`);
    if (typeof dosage === 'string') ctx.addIssue({ code: 'custom', path: ['amount'], message: dosage });
  });

const FREQUENCY_LABELS = { hourly: 'Hourly', daily: 'Daily', weekly: 'Weekly' } as const;

export type SupplementDialogState = { mode: 'add' } | { mode: 'edit'; supplement: Supplement | null };

/** Add Supplement / Edit Supplement (spec sections 2.8, 5 and 8). */
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
  const form = useForm<SupplementFormValues, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: supplement ? supplementToForm(supplement) : emptySupplementForm(),
  });
  const { errors, isSubmitting } = form.formState;
  const unit = form.watch('unit');

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
      if (isApiError(error)) {
        for (const detail of error.details) {
          const field = formFieldOf(detail.field);
          if (field) form.setError(field, { type: 'server', message: detail.message });
        }
      }
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{editing ? 'Edit Supplement' : 'Add Supplement'}</DialogTitle>
        <DialogDescription>
          {editing ? 'Change the name, dosage, frequency or notes.' : 'Pick a supplement from the suggestions or type your own name.'}
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

      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Dosage</legend>
        <div className="grid grid-cols-2 gap-3">
          <FormField id={`${id}-amount`} label="Amount" error={errors.amount?.message}>
            {(control) => (
              <NativeSelect {...control} {...form.register('amount', { setValueAs: Number })}>
                {doseAmountOptions(unit).map((amount) => (
                  <option key={amount} value={amount}>
                    {amount}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField id={`${id}-unit`} label="Unit">
            {(control) => (
              <NativeSelect
                {...control}
                {...form.register('unit', {
                  // Spec section 5: a new unit resets the amount (50 for mg, mcg and IU, 1 for g).
                  onChange: (event) => form.setValue('amount', defaultDoseAmount(event.target.value)),
                })}
              >
                {DOSE_UNITS.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
        </div>
      </fieldset>

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

      <FormField id={`${id}-notes`} label="Notes (optional)" error={errors.notes?.message}>
        {(control) => <Textarea {...control} className="min-h-20" maxLength={1000} placeholder="With food, before bed..." {...form.register('notes')} />}
      </FormField>

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
