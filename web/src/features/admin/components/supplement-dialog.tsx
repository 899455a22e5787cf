import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ADMIN_MESSAGES, type ReferenceSupplement } from '#contract/admin.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { errorMessage } from '#web/lib/api-fetch.ts';
import { setServerErrors } from '#web/lib/forms.ts';
import { useSaveReferenceSupplement } from '../api/reference-supplements.ts';
import {
  type SupplementFormValues,
  emptySupplementForm,
  formToSupplementBody,
  supplementFormField,
  supplementFormSchema,
  supplementToForm,
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
  const save = useSaveReferenceSupplement();
  const form = useForm<SupplementFormValues>({
    resolver: zodResolver(supplementFormSchema),
    defaultValues: editing ? supplementToForm(state.supplement) : emptySupplementForm(),
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: editing ? state.supplement.id : undefined, body: formToSupplementBody(values) });
      toast.success(editing ? ADMIN_MESSAGES.supplementUpdated : ADMIN_MESSAGES.supplementCreated);
      onDone();
    } catch (error) {
      setServerErrors(error, form.setError, supplementFormField);
      toast.error('Error', { description: errorMessage(error, 'Failed to save supplement') });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{editing ? 'Edit Supplement' : 'Add Supplement'}</DialogTitle>
        <DialogDescription>Users see these names and categories in the Add Supplement suggestions.</DialogDescription>
      </DialogHeader>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-name`} label="Name" error={errors.name?.message}>
          {(control) => <Input {...control} {...form.register('name')} maxLength={100} autoComplete="off" required autoFocus />}
        </FormField>
        <FormField id={`${id}-category`} label="Category" error={errors.category?.message}>
          {(control) => <Input {...control} {...form.register('category')} maxLength={60} autoComplete="off" required placeholder="Mineral, Vitamin, Herb..." />}
        </FormField>
      </div>
      <FormField id={`${id}-alternativeNames`} label="Alternative Names" error={errors.alternativeNames?.message} hint="Separate names with commas; each is trimmed.">
        {(control) => <Input {...control} {...form.register('alternativeNames')} autoComplete="off" placeholder="Mag glycinate, magnesium bisglycinate" />}
      </FormField>
      <FormField id={`${id}-description`} label="Description" error={errors.description?.message}>
        {(control) => <Textarea {...control} {...form.register('description')} maxLength={2000} className="min-h-24" />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-source`} label="Source" error={errors.source?.message}>
          {(control) => <Input {...control} {...form.register('source')} maxLength={200} placeholder="NIH Office of Dietary Supplements" />}
        </FormField>
        <FormField id={`${id}-sourceUrl`} label="Source URL" error={errors.sourceUrl?.message}>
          {(control) => <Input {...control} {...form.register('sourceUrl')} type="url" inputMode="url" placeholder="https://" />}
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
