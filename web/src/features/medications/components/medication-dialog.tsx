import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { INTERACTION_TEXTS } from '#contract/interactions-texts.ts';
import { type Medication, type MedicationBody, medicationBodySchema } from '#contract/interactions.ts';
import { InteractionCheck } from '#web/components/interactions/interaction-check.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { errorMessage } from '#web/lib/api-fetch.ts';
import { bodySchema, sameNames, setServerErrors } from '#web/lib/forms.ts';
import { useSaveMedication } from '../api/medications.ts';

export type MedicationDialogState = { mode: 'add' } | { mode: 'edit'; medication: Medication };

type Fields = { name: string; strength: string; schedule: string; startedOn: string; note: string };

/** Add Medication / Edit Medication: a name, and what the pack and the prescriber say. */
export function MedicationDialog({ state, onClose }: { state: MedicationDialogState | null; onClose: () => void }) {
  return (
    <Dialog open={state !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>{state ? <MedicationForm state={state} onDone={onClose} /> : null}</DialogContent>
    </Dialog>
  );
}

const FIELDS = ['name', 'strength', 'schedule', 'startedOn', 'note'] as const;
const fieldOf = sameNames<Fields>(FIELDS);
const toBody = (fields: Fields): MedicationBody => ({ ...fields, startedOn: fields.startedOn || null });
/** The server's rules, checked before sending. */
const formSchema = bodySchema(medicationBodySchema, toBody, fieldOf);

function MedicationForm({ state, onDone }: { state: MedicationDialogState; onDone: () => void }) {
  const id = useId();
  const editing = state.mode === 'edit';
  const initial = state.mode === 'edit' ? state.medication : null;
  const form = useForm<Fields>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      name: initial?.name ?? '',
      strength: initial?.strength ?? '',
      schedule: initial?.schedule ?? '',
      startedOn: initial?.startedOn ?? '',
      note: initial?.note ?? '',
    },
  });
  const { errors } = form.formState;
  const name = form.watch('name');
  const save = useSaveMedication();

  const onSubmit = form.handleSubmit(async (fields) => {
    try {
      await save.mutateAsync({ id: initial?.id, body: toBody(fields) });
      toast.success(editing ? INTERACTION_TEXTS.medicationUpdated : INTERACTION_TEXTS.medicationAdded);
      onDone();
    } catch (error) {
      toast.error('Error', { description: errorMessage(error, 'Failed to save medication') });
      setServerErrors(error, form.setError, fieldOf);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{editing ? 'Edit Medication' : 'Add Medication'}</DialogTitle>
        <DialogDescription>Medicines you take beside your supplements, so that known interactions can be shown.</DialogDescription>
      </DialogHeader>
      <FormField id={`${id}-name`} label="Name" error={errors.name?.message}>
        {(control) => <Input {...control} {...form.register('name')} maxLength={100} autoFocus placeholder="Levothyroxine, Eliquis..." />}
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField id={`${id}-strength`} label="Strength (optional)" error={errors.strength?.message}>
          {(control) => <Input {...control} {...form.register('strength')} maxLength={60} placeholder="75 mcg" />}
        </FormField>
        <FormField id={`${id}-started`} label="Started on (optional)" error={errors.startedOn?.message}>
          {(control) => <Input {...control} type="date" {...form.register('startedOn')} />}
        </FormField>
      </div>
      <FormField id={`${id}-schedule`} label="How and when (optional)" error={errors.schedule?.message}>
        {(control) => <Input {...control} {...form.register('schedule')} maxLength={200} placeholder="1 tablet every morning" />}
      </FormField>
      <FormField id={`${id}-note`} label="Note (optional)" error={errors.note?.message}>
        {(control) => <Textarea {...control} className="min-h-16" {...form.register('note')} maxLength={1000} />}
      </FormField>
      {editing ? null : <InteractionCheck name={name} kind="medication" />}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : editing ? 'Save Changes' : 'Add Medication'}
        </Button>
      </DialogFooter>
    </form>
  );
}
