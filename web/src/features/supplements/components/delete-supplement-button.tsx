import { Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import type { Supplement } from '#contract/supplements.ts';
import { ConfirmDialog } from '#web/components/ui/alert-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { errorMessage } from '#web/lib/api-fetch.ts';
import { useDeleteSupplement } from '../api/supplements.ts';

/** Deletes after the spec's confirmation; past logs keep their copy of the supplement. */
export function DeleteSupplementButton({ supplement }: { supplement: Supplement }) {
  const remove = useDeleteSupplement();
  const onConfirm = async () => {
    try {
      await remove.mutateAsync(supplement.id);
      toast.success('Supplement deleted successfully');
    } catch (error) {
      toast.error('Error', { description: errorMessage(error, 'Failed to delete supplement') });
    }
  };
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="icon" aria-label={`Delete ${supplement.name}`} disabled={remove.isPending}>
          <Trash2 aria-hidden="true" />
        </Button>
      }
      title={`Delete ${supplement.name}?`}
      question="Are you sure you want to delete this supplement? Days you already logged keep their record of it."
      onConfirm={() => void onConfirm()}
    />
  );
}
