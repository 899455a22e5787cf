import { ExternalLink, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ADMIN_MESSAGES, type ReferenceSortField, type ReferenceSupplement } from '#contract/admin.ts';
import { AdminTable, countText, useConfirmDelete, useSearchPaging } from '#web/components/admin/admin-table.tsx';
import { AdminNav } from '#web/components/layout/admin-nav.tsx';
import { PageContainer } from '#web/components/layout/page-container.tsx';
import { PageHeader } from '#web/components/layout/page-header.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { SearchInput } from '#web/components/ui/search-input.tsx';
import { SortableHead, TableCell, TableHead } from '#web/components/ui/table.tsx';
import { useDeleteReferenceSupplement, useReferenceSupplements } from '../api/reference-supplements.ts';
import { ConfirmDialog } from '#web/components/ui/alert-dialog.tsx';
import { ReferenceSupplementDialog, type SupplementDialogState } from './supplement-dialog.tsx';

const PAGE_SIZE = 25;

/** product.md, Admin: the reference database, searched, sorted and paged on the server. */
export function SupplementsAdmin() {
  const paging = useSearchPaging();
  const [sort, setSort] = useState<{ field: ReferenceSortField; order: 'asc' | 'desc' }>({ field: 'name', order: 'asc' });
  const [dialog, setDialog] = useState<SupplementDialogState | null>(null);
  const list = useReferenceSupplements({ q: paging.q, sort: sort.field, order: sort.order, page: paging.page, pageSize: PAGE_SIZE });
  const remove = useDeleteReferenceSupplement();
  const del = useConfirmDelete<ReferenceSupplement>({
    remove: (supplement) => remove.mutateAsync(supplement.id),
    success: () => toast.success(ADMIN_MESSAGES.supplementDeleted),
    failure: 'Failed to delete supplement',
  });
  const q = paging.q;

  const sortBy = (field: ReferenceSortField) => {
    setSort((current) => ({ field, order: current.field === field && current.order === 'asc' ? 'desc' : 'asc' }));
    paging.setPage(1);
  };

  return (
    <PageContainer>
      <PageHeader
        title="Manage Supplements"
        description="The reference database behind the Add Supplement suggestions."
        actions={
          <Button onClick={() => setDialog({ mode: 'add' })}>
            <Plus aria-hidden="true" /> Add Supplement
          </Button>
        }
      />
      <AdminNav />
      <AdminTable
        query={list}
        rows={list.data?.supplements}
        toolbar={
          <SearchInput
            className="sm:max-w-sm"
            label="Search supplements by name, category or alternative name"
            placeholder="Search supplements"
            value={paging.search}
            onSearch={paging.onSearch}
          />
        }
        count={countText(list.data?.pagination.total, 'supplement', q)}
        loadingLabel="Loading supplements"
        failedMessage={ADMIN_MESSAGES.fetchSupplementsFailed}
        empty={{
          title: q ? 'No supplements match your search.' : 'No reference supplements yet.',
          description: q ? 'Try another name, or add this supplement.' : 'Add the first one.',
        }}
        caption="Reference supplements"
        head={
          <>
            <SortableHead label="Name" active={sort.field === 'name'} order={sort.order} onSort={() => sortBy('name')} />
            <SortableHead label="Category" active={sort.field === 'category'} order={sort.order} onSort={() => sortBy('category')} />
            <TableHead>Alternative Names</TableHead>
            <TableHead>Description</TableHead>
            <TableHead>Source</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </>
        }
        rowKey={(supplement) => String(supplement.id)}
        renderRow={(supplement) => (
          <SupplementCells supplement={supplement} onEdit={() => setDialog({ mode: 'edit', supplement })} onDelete={() => del.setDeleting(supplement)} />
        )}
        pagination={{ label: 'Supplements', page: paging.page, totalPages: list.data?.pagination.totalPages, onPageChange: paging.setPage }}
      />

      <ReferenceSupplementDialog state={dialog} onClose={() => setDialog(null)} />
      <ConfirmDialog
        open={del.deleting !== null}
        onOpenChange={(open) => (open ? undefined : del.setDeleting(null))}
        title={del.deleting ? `Delete ${del.deleting.name}?` : 'Delete supplement?'}
        question={ADMIN_MESSAGES.deleteSupplementConfirm}
        onConfirm={() => void del.confirm()}
      >
        <p className="text-sm text-muted-foreground">Users who take it keep it in their stack and history, under the name they gave it.</p>
      </ConfirmDialog>
    </PageContainer>
  );
}

function SupplementCells({ supplement, onEdit, onDelete }: { supplement: ReferenceSupplement; onEdit: () => void; onDelete: () => void }) {
  return (
    <>
      <TableCell className="min-w-40 font-medium">{supplement.name}</TableCell>
      <TableCell className="whitespace-nowrap">{supplement.category}</TableCell>
      <TableCell className="min-w-40 text-muted-foreground">{supplement.alternativeNames.join(', ') || '—'}</TableCell>
      <TableCell className="min-w-56 text-muted-foreground">
        <p className="line-clamp-2" title={supplement.description || undefined}>
          {supplement.description || '—'}
        </p>
      </TableCell>
      <TableCell className="min-w-32">
        {supplement.sourceUrl ? (
          <a href={supplement.sourceUrl} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-primary underline underline-offset-2">
            {supplement.source ?? 'Link'}
            <ExternalLink aria-hidden="true" className="size-3" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        ) : (
          (supplement.source ?? '—')
        )}
      </TableCell>
      <TableCell className="text-right whitespace-nowrap">
        <Button variant="ghost" size="icon" aria-label={`Edit ${supplement.name}`} onClick={onEdit}>
          <Pencil aria-hidden="true" />
        </Button>
        <Button variant="ghost" size="icon" aria-label={`Delete ${supplement.name}`} onClick={onDelete}>
          <Trash2 aria-hidden="true" />
        </Button>
      </TableCell>
    </>
  );
}
