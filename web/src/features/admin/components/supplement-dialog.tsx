import { useId, useState } from 'react';
import { toast } from 'sonner';
import { ADMIN_MESSAGES, type ReferenceSupplement } from '#contract/admin.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { errorMessage, isApiError } from '#web/lib/api-fetch.ts';
import { useSaveReferenceSupplement } from '../api/reference-supplements.ts';
import {
  type SupplementFormErrors,
  type SupplementFormValues,
  emptySupplementForm,
  formToSupplementBody,
  supplementFormField,
  supplementToForm,
  validateSupplementForm,
} from '../utils/supplement-form.ts';

export type SupplementDialogState = { mode: 'add' } | { mode: 'edit'; supplement: ReferenceSupplement };

/** Add or edit a reference supplement (product.md, Admin). */
export function ReferenceSupplementDialog({ state, onClose }: { state: SupplementDialogState | null; onClose: () => void }) {
  return (
    <Dialog open={state !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-xl">{state ? <SupplementForm state={state} onDone={onClose} /> : null}</DialogContent>
    </Dialog>
  );
}

function SupplementForm({ state, onDone }: { state: SupplementDialogState; onDone: () => void }) {
  const id = useId();
  const editing = state.mode === 'edit';
  const [values, setValues] = useState<SupplementFormValues>(editing ? supplementToForm(state.supplement) : emptySupplementForm());
  const [errors, setErrors] = useState<SupplementFormErrors>({});
  const save = useSaveReferenceSupplement();

  const field = (name: keyof SupplementFormValues) => ({
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = validateSupplementForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(`${id}-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    try {
      await save.mutateAsync({ id: editing ? state.supplement.id : undefined, body: formToSupplementBody(values) });
      toast.success(editing ? ADMIN_MESSAGES.supplementUpdated : ADMIN_MESSAGES.supplementCreated);
      onDone();
    } catch (error) {
      const fieldErrors: SupplementFormErrors = {};
      if (isApiError(error)) {
        for (const detail of error.details) {
          const name = supplementFormField(detail.field);
          if (name) fieldErrors[name] = detail.message;
        }
      }
      setErrors(fieldErrors);
      toast.error('Error', { description: errorMessage(error, 'Failed to save supplement') });
    }
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{editing ? 'Edit Supplement' : 'Add Supplement'}</DialogTitle>
        <DialogDescription>Users see these names and categories in the Add Supplement suggestions.</DialogDescription>
      </DialogHeader>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-name`} label="Name" error={errors.name}>
          {(control) => <Input {...control} {...field('name')} maxLength={100} autoComplete="off" required autoFocus />}
        </FormField>
        <FormField id={`${id}-category`} label="Category" error={errors.category}>
          {(control) => <Input {...control} {...field('category')} maxLength={60} autoComplete="off" required placeholder="Mineral, Vitamin, Herb..." />}
        </FormField>
      </div>
      <FormField id={`${id}-alternativeNames`} label="Alternative Names" error={errors.alternativeNames} hint="Separate names with commas; each is trimmed.">
        {(control) => <Input {...control} {...field('alternativeNames')} autoComplete="off" placeholder="Mag glycinate, magnesium bisglycinate" />}
      </FormField>
      <FormField id={`${id}-description`} label="Description" error={errors.description}>
        {(control) => <Textarea {...control} {...field('description')} maxLength={2000} className="min-h-24" />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-source`} label="Source" error={errors.source}>
          {(control) => <Input {...control} {...field('source')} maxLength={200} placeholder="NIH Office of Dietary Supplements" />}
        </FormField>
        <FormField id={`${id}-sourceUrl`} label="Source URL" error={errors.sourceUrl}>
          {(control) => <Input {...control} {...field('sourceUrl')} type="url" inputMode="url" placeholder="https://" />}
        </FormField>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : editing ? 'Save Changes' : 'Add Supplement'}
        </Button>
      </DialogFooter>
    </form>
  );
}
