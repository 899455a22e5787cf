import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { type AdminInteraction, INTERACTION_TEXTS, SEVERITY_LABELS } from '#contract/interactions.ts';
import { AdminNav } from '#web/components/layout/admin-nav.tsx';
import { EmptyState } from '#web/components/layout/empty-state.tsx';
import { PageContainer } from '#web/components/layout/page-container.tsx';
import { PageHeader } from '#web/components/layout/page-header.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { SearchInput } from '#web/components/ui/search-input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Table, TableCell, TableHead } from '#web/components/ui/table.tsx';
import { errorMessage } from '#web/lib/api-fetch.ts';
import { useAdminInteractions, useDeleteInteraction } from '../api/interactions.ts';
import { ConfirmDialog } from '#web/components/ui/alert-dialog.tsx';
import { InteractionDialog, type InteractionDialogState } from './interaction-dialog.tsx';

/** product.md, Admin, "Interactions": the curated table users' stacks are checked against. */
export function InteractionsAdmin() {
  const list = useAdminInteractions();
  const remove = useDeleteInteraction();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<InteractionDialogState | null>(null);
  const [deleting, setDeleting] = useState<AdminInteraction | null>(null);

  const labelOf = useMemo(() => new Map(list.data?.agents.map((agent) => [agent.key, agent.label]) ?? []), [list.data]);
  const pairOf = (row: AdminInteraction) => `${labelOf.get(row.agentA) ?? row.agentA} with ${labelOf.get(row.agentB) ?? row.agentB}`;
  const q = search.trim().toLowerCase();
  const rows = (list.data?.interactions ?? []).filter((row) => !q || `${pairOf(row)} ${row.effect} ${row.source}`.toLowerCase().includes(q));

  const confirmDelete = async () => {
    const target = deleting;
    setDeleting(null);
    if (!target) return;
    try {
      await remove.mutateAsync(target.id);
      toast.success(INTERACTION_TEXTS.interactionDeleted);
    } catch (error) {
      toast.error('Error', { description: errorMessage(error, 'Failed to delete interaction') });
    }
  };

  return (
    <PageContainer>
      <PageHeader
        title="Manage Interactions"
        description="The interactions we curate, checked against every user's supplements, medications and lab results."
        actions={
          <Button onClick={() => setDialog({ mode: 'add' })} disabled={!list.data}>
            <Plus aria-hidden="true" /> Add Interaction
          </Button>
        }
      />
      <AdminNav />
      <Card>
        <div className="flex flex-col gap-3 border-b border-border p-4 sm:flex-row sm:items-center sm:justify-between">
          <SearchInput className="sm:max-w-sm" label="Search interactions" placeholder="Search interactions" value={search} onSearch={setSearch} />
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {list.data ? `${rows.length} interaction${rows.length === 1 ? '' : 's'}` : ''}
          </p>
        </div>
        {list.isPending ? (
          <div className="flex justify-center p-12">
            <Spinner label="Loading interactions" />
          </div>
        ) : list.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3 p-6 text-sm">
            <p className="font-medium text-destructive">Failed to fetch interactions</p>
            <Button size="sm" variant="outline" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </div>
        ) : rows.length === 0 ? (
          <EmptyState className="m-4" title={q ? 'No interactions match your search.' : 'No interactions yet.'} description="Add one." />
        ) : (
          <Table>
            <caption className="sr-only">Interactions</caption>
            <thead>
              <tr>
                <TableHead>Pair</TableHead>
                <TableHead>Severity</TableHead>
                <TableHead>What happens</TableHead>
                <TableHead>Source</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="hover:bg-muted/40">
                  <TableCell className="min-w-48 font-medium">{pairOf(row)}</TableCell>
                  <TableCell className="whitespace-nowrap">{SEVERITY_LABELS[row.severity]}</TableCell>
                  <TableCell className="min-w-64 text-muted-foreground">
                    <p className="line-clamp-2" title={row.effect}>
                      {row.effect}
                    </p>
                  </TableCell>
                  <TableCell className="min-w-48 text-muted-foreground">
                    {row.sourceUrl ? (
                      <a href={row.sourceUrl} target="_blank" rel="noopener noreferrer" className="line-clamp-2 text-primary underline underline-offset-2">
                        {row.source}
                      </a>
                    ) : (
                      <p className="line-clamp-2">{row.source}</p>
                    )}
                  </TableCell>
                  <TableCell className="text-right whitespace-nowrap">
                    <Button variant="ghost" size="icon" aria-label={`Edit ${pairOf(row)}`} onClick={() => setDialog({ mode: 'edit', interaction: row })}>
                      <Pencil aria-hidden="true" />
                    </Button>
                    <Button variant="ghost" size="icon" aria-label={`Delete ${pairOf(row)}`} onClick={() => setDeleting(row)}>
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </TableCell>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card>
      <InteractionDialog state={dialog} agents={list.data?.agents ?? []} onClose={() => setDialog(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? `Delete ${pairOf(deleting)}?` : 'Delete interaction?'}
        question={INTERACTION_TEXTS.deleteInteractionConfirm}
        onConfirm={() => void confirmDelete()}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
      />
    </PageContainer>
  );
}
