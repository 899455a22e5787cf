import { ExternalLink, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ADMIN_MESSAGES, type ReferenceSortField, type ReferenceSupplement } from '#contract/admin.ts';
import { AdminNav } from '#web/components/layout/admin-nav.tsx';
import { EmptyState } from '#web/components/layout/empty-state.tsx';
import { PageContainer } from '#web/components/layout/page-container.tsx';
import { PageHeader } from '#web/components/layout/page-header.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { SearchInput } from '#web/components/ui/search-input.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { SortableHead, Table, TableCell, TableHead } from '#web/components/ui/table.tsx';
import { errorMessage } from '#web/lib/api-fetch.ts';
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts';
import { useDeleteReferenceSupplement, useReferenceSupplements } from '../api/reference-supplements.ts';
import { ConfirmDialog } from '#web/components/ui/alert-dialog.tsx';
import { ReferenceSupplementDialog, type SupplementDialogState } from './supplement-dialog.tsx';

const PAGE_SIZE = 25;

/** product.md, Admin: the reference database, searched, sorted and paged on the server. */
export function SupplementsAdmin() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const [sort, setSort] = useState<{ field: ReferenceSortField; order: 'asc' | 'desc' }>({ field: 'name', order: 'asc' });
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<SupplementDialogState | null>(null);
  const [deleting, setDeleting] = useState<ReferenceSupplement | null>(null);
  const list = useReferenceSupplements({ q, sort: sort.field, order: sort.order, page, pageSize: PAGE_SIZE });
  const remove = useDeleteReferenceSupplement();

  const sortBy = (field: ReferenceSortField) => {
    setSort((current) => ({ field, order: current.field === field && current.order === 'asc' ? 'desc' : 'asc' }));
    setPage(1);
  };

  const confirmDelete = async () => {
    const target = deleting;
    setDeleting(null);
    if (!target) return;
    try {
      await remove.mutateAsync(target.id);
      toast.success(ADMIN_MESSAGES.supplementDeleted);
    } catch (error) {
      toast.error('Error', { description: errorMessage(error, 'Failed to delete supplement') });
    }
  };

  const total = list.data?.pagination.total;
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
      <Card>
        <div className="flex flex-col gap-3 border-b border-border p-4 sm:flex-row sm:items-center sm:justify-between">
          <SearchInput
            className="sm:max-w-sm"
            label="Search supplements by name, category or alternative name"
            placeholder="Search supplements"
            value={search}
            onSearch={(value) => {
              setSearch(value);
              setPage(1);
            }}
          />
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {total === undefined ? '' : `${total} supplement${total === 1 ? '' : 's'}${q ? ` matching "${q}"` : ''}`}
          </p>
        </div>
        {list.isPending ? (
          <div className="flex justify-center p-12">
            <Spinner label="Loading supplements" />
          </div>
        ) : list.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3 p-6 text-sm">
            <p className="font-medium text-destructive">{ADMIN_MESSAGES.fetchSupplementsFailed}</p>
            <Button size="sm" variant="outline" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </div>
        ) : list.data.supplements.length === 0 ? (
          <EmptyState
            className="m-4"
            title={q ? 'No supplements match your search.' : 'No reference supplements yet.'}
            description={q ? 'Try another name, or add this supplement.' : 'Add the first one.'}
          />
        ) : (
          <Table aria-busy={list.isPlaceholderData} className={list.isPlaceholderData ? 'opacity-60' : undefined}>
            <caption className="sr-only">Reference supplements</caption>
            <thead>
              <tr>
                <SortableHead label="Name" active={sort.field === 'name'} order={sort.order} onSort={() => sortBy('name')} />
                <SortableHead label="Category" active={sort.field === 'category'} order={sort.order} onSort={() => sortBy('category')} />
                <TableHead>Alternative Names</TableHead>
                <TableHead>Description</TableHead>
                <TableHead>Source</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </tr>
            </thead>
            <tbody>
              {list.data.supplements.map((supplement) => (
                <tr key={supplement.id} className="hover:bg-muted/40">
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
                      <a
                        href={supplement.sourceUrl}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="inline-flex items-center gap-1 text-primary underline underline-offset-2"
                      >
                        {supplement.source ?? 'Link'}
                        <ExternalLink aria-hidden="true" className="size-3" />
                        <span className="sr-only">(opens in a new tab)</span>
                      </a>
                    ) : (
                      (supplement.source ?? '—')
                    )}
                  </TableCell>
                  <TableCell className="text-right whitespace-nowrap">
                    <Button variant="ghost" size="icon" aria-label={`Edit ${supplement.name}`} onClick={() => setDialog({ mode: 'edit', supplement })}>
                      <Pencil aria-hidden="true" />
                    </Button>
                    <Button variant="ghost" size="icon" aria-label={`Delete ${supplement.name}`} onClick={() => setDeleting(supplement)}>
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </TableCell>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        {list.data ? (
          <Pagination className="p-4" label="Supplements" page={page} totalPages={list.data.pagination.totalPages} onPageChange={setPage} />
        ) : null}
      </Card>

      <ReferenceSupplementDialog state={dialog} onClose={() => setDialog(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={deleting ? `Delete ${deleting.name}?` : 'Delete supplement?'}
        question={ADMIN_MESSAGES.deleteSupplementConfirm}
        onConfirm={() => void confirmDelete()}
      >
        <p className="text-sm text-muted-foreground">Users who take it keep it in their stack and history, under the name they gave it.</p>
      </ConfirmDialog>
    </PageContainer>
  );
}
