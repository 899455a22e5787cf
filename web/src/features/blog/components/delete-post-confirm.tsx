import { ConfirmDialog } from '#web/components/ui/alert-dialog.tsx';

/** Deleting a post removes it and its thumbnail for good; it asks first. */
export function DeletePostConfirm({ open, title, onOpenChange, onConfirm }: { open: boolean; title: string; onOpenChange: (open: boolean) => void; onConfirm: () => void }) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Delete ${title ? `"${title}"` : 'this post'}?`}
      question="Are you sure you want to delete this post? This action cannot be undone."
      onConfirm={onConfirm}
    />
  );
}
