import { type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import { EmptyState } from '#web/components/layout/empty-state.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Table } from '#web/components/ui/table.tsx';
import { errorMessage } from '#web/lib/api-fetch.ts';
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts';

/** What the table needs from a TanStack query: its state and a way to try again. */
type ListQuery = { isPending: boolean; isError: boolean; isPlaceholderData?: boolean; refetch: () => unknown };

type AdminTableProps<Row> = {
  query: ListQuery;
  /** The rows to show; undefined while loading or after an error. */
  rows: Row[] | undefined;
  /** Left of the toolbar: the search box, and any filters. */
  toolbar: ReactNode;
  /** Right of the toolbar, read out when it changes: "12 users matching …". */
  count?: string;
  loadingLabel: string;
  failedMessage: string;
  empty: { title: string; description?: string | undefined };
  caption: string;
  head: ReactNode;
  rowKey: (row: Row) => string;
  /** The cells of one row. */
  renderRow: (row: Row) => ReactNode;
  pagination?: { label: string; page: number; totalPages: number | undefined; onPageChange: (page: number) => void };
};

/** The admin pages' list: a toolbar, then loading, failed, empty or the table, then the pages. */
export function AdminTable<Row>(props: AdminTableProps<Row>) {
  const { toolbar, count, pagination } = props;
  return (
    <Card>
      <div className="flex flex-col gap-3 border-b border-border p-4 sm:flex-row sm:items-center sm:justify-between">
        {toolbar}
        {count === undefined ? null : (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {count}
          </p>
        )}
      </div>
      <AdminTableBody {...props} />
      {pagination && pagination.totalPages !== undefined ? (
        <Pagination className="p-4" label={pagination.label} page={pagination.page} totalPages={pagination.totalPages} onPageChange={pagination.onPageChange} />
      ) : null}
    </Card>
  );
}

function AdminTableBody<Row>({ query, rows, loadingLabel, failedMessage, empty, caption, head, rowKey, renderRow }: AdminTableProps<Row>) {
  if (query.isPending) {
    return (
      <div className="flex justify-center p-12">
        <Spinner label={loadingLabel} />
      </div>
    );
  }
  if (query.isError || !rows) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 p-6 text-sm">
        <p className="font-medium text-destructive">{failedMessage}</p>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (rows.length === 0) return <EmptyState className="m-4" title={empty.title} description={empty.description} />;
  return (
    <Table aria-busy={query.isPlaceholderData} className={query.isPlaceholderData ? 'opacity-60' : undefined}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>{head}</tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} className="hover:bg-muted/40">
            {renderRow(row)}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** The search box's text, the debounced query sent to the server, and the page (back to 1 on a new search). */
export function useSearchPaging() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const [page, setPage] = useState(1);
  const onSearch = (value: string) => {
    setSearch(value);
    setPage(1);
  };
  return { search, q, page, setPage, onSearch };
}

/** "12 users matching "x"": the count the toolbar reads out. */
export function countText(total: number | undefined, noun: string, q = ''): string {
  if (total === undefined) return '';
  return `${total} ${noun}${total === 1 ? '' : 's'}${q ? ` matching "${q}"` : ''}`;
}

/**
 * The row waiting for the user's "Delete?" answer, and the delete that follows it: the dialog
 * closes first, then the toast says how it went.
 */
export function useConfirmDelete<Row>({ remove, success, failure }: { remove: (row: Row) => Promise<unknown>; success: () => void; failure: string }) {
  const [deleting, setDeleting] = useState<Row | null>(null);
  const confirm = async () => {
    const target = deleting;
    setDeleting(null);
    if (!target) return;
    try {
      await remove(target);
      success();
    } catch (error) {
      toast.error('Error', { description: errorMessage(error, failure) });
    }
  };
  return { deleting, setDeleting, confirm };
}
