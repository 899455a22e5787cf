import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { INTERACTION_TEXTS, type Medication } from '#contract/interactions.ts';
import { InteractionCheck } from '#web/components/interactions/interaction-check.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { errorMessage, isApiError } from '#web/lib/api-fetch.ts';
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

function MedicationForm({ state, onDone }: { state: MedicationDialogState; onDone: () => void }) {
  const id = useId();
  const editing = state.mode === 'edit';
  const initial = state.mode === 'edit' ? state.medication : null;
  const [fields, setFields] = useState<Fields>({
    name: initial?.name ?? '',
    strength: initial?.strength ?? '',
    schedule: initial?.schedule ?? '',
    startedOn: initial?.startedOn ?? '',
    note: initial?.note ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const save = useSaveMedication();
  const set = (field: keyof Fields) => (event: { target: { value: string } }) => setFields({ ...fields, [field]: event.target.value });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!fields.name.trim()) {
      setErrors({ name: INTERACTION_TEXTS.medicationNameRequired });
      return;
    }
    try {
      await save.mutateAsync({ id: initial?.id, body: { ...fields, startedOn: fields.startedOn || null } });
      toast.success(editing ? INTERACTION_TEXTS.medicationUpdated : INTERACTION_TEXTS.medicationAdded);
      onDone();
    } catch (error) {
      toast.error('Error', { description: errorMessage(error, 'Failed to save medication') });
      if (isApiError(error)) setErrors(Object.fromEntries(error.details.map((detail) => [detail.field, detail.message])));
    }
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{editing ? 'Edit Medication' : 'Add Medication'}</DialogTitle>
        <DialogDescription>Medicines you take beside your supplements, so that known interactions can be shown.</DialogDescription>
      </DialogHeader>
      <FormField id={`${id}-name`} label="Name" error={errors.name}>
        {(control) => <Input {...control} value={fields.name} onChange={set('name')} maxLength={100} autoFocus placeholder="Levothyroxine, Eliquis..." />}
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField id={`${id}-strength`} label="Strength (optional)" error={errors.strength}>
          {(control) => <Input {...control} value={fields.strength} onChange={set('strength')} maxLength={60} placeholder="75 mcg" />}
        </FormField>
        <FormField id={`${id}-started`} label="Started on (optional)" error={errors.startedOn}>
          {(control) => <Input {...control} type="date" value={fields.startedOn} onChange={set('startedOn')} />}
        </FormField>
      </div>
      <FormField id={`${id}-schedule`} label="How and when (optional)" error={errors.schedule}>
        {(control) => <Input {...control} value={fields.schedule} onChange={set('schedule')} maxLength={200} placeholder="1 tablet every morning" />}
      </FormField>
      <FormField id={`${id}-note`} label="Note (optional)" error={errors.note}>
        {(control) => <Textarea {...control} className="min-h-16" value={fields.note} onChange={set('note')} maxLength={1000} />}
      </FormField>
      {editing ? null : <InteractionCheck name={fields.name} kind="medication" />}
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
