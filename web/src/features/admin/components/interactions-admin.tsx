import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { INTERACTION_TEXTS, SEVERITY_LABELS } from '#contract/interactions-texts.ts';
import type { AdminInteraction } from '#contract/interactions.ts';
import { AdminTable, countText, useConfirmDelete } from '#web/components/admin/admin-table.tsx';
import { AdminNav } from '#web/components/layout/admin-nav.tsx';
import { PageContainer } from '#web/components/layout/page-container.tsx';
import { PageHeader } from '#web/components/layout/page-header.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { SearchInput } from '#web/components/ui/search-input.tsx';
import { TableCell, TableHead } from '#web/components/ui/table.tsx';
import { useAdminInteractions, useDeleteInteraction } from '../api/interactions.ts';
import { ConfirmDialog } from '#web/components/ui/alert-dialog.tsx';
import { InteractionDialog, type InteractionDialogState } from './interaction-dialog.tsx';

/** product.md, Admin, "Interactions": the curated table users' stacks are checked against. */
export function InteractionsAdmin() {
  const list = useAdminInteractions();
  const remove = useDeleteInteraction();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<InteractionDialogState | null>(null);
  const del = useConfirmDelete<AdminInteraction>({
    remove: (row) => remove.mutateAsync(row.id),
    success: () => toast.success(INTERACTION_TEXTS.interactionDeleted),
    failure: 'Failed to delete interaction',
  });

  const labelOf = useMemo(() => new Map(list.data?.agents.map((agent) => [agent.key, agent.label]) ?? []), [list.data]);
  const pairOf = (row: AdminInteraction) => `${labelOf.get(row.agentA) ?? row.agentA} with ${labelOf.get(row.agentB) ?? row.agentB}`;
  const q = search.trim().toLowerCase();
  const rows = list.data?.interactions.filter((row) => !q || `${pairOf(row)} ${row.effect} ${row.source}`.toLowerCase().includes(q));

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
      <AdminTable
        query={list}
        rows={rows}
        toolbar={<SearchInput className="sm:max-w-sm" label="Search interactions" placeholder="Search interactions" value={search} onSearch={setSearch} />}
        count={countText(rows?.length, 'interaction')}
        loadingLabel="Loading interactions"
        failedMessage="Failed to fetch interactions"
        empty={{ title: q ? 'No interactions match your search.' : 'No interactions yet.', description: 'Add one.' }}
        caption="Interactions"
        head={
          <>
            <TableHead>Pair</TableHead>
            <TableHead>Severity</TableHead>
            <TableHead>What happens</TableHead>
            <TableHead>Source</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </>
        }
        rowKey={(row) => String(row.id)}
        renderRow={(row) => (
          <InteractionCells row={row} pair={pairOf(row)} onEdit={() => setDialog({ mode: 'edit', interaction: row })} onDelete={() => del.setDeleting(row)} />
        )}
      />
      <InteractionDialog state={dialog} agents={list.data?.agents ?? []} onClose={() => setDialog(null)} />
      <ConfirmDialog
        open={del.deleting !== null}
        title={del.deleting ? `Delete ${pairOf(del.deleting)}?` : 'Delete interaction?'}
        question={INTERACTION_TEXTS.deleteInteractionConfirm}
        onConfirm={() => void del.confirm()}
        onOpenChange={(open) => (open ? undefined : del.setDeleting(null))}
      />
    </PageContainer>
  );
}

function InteractionCells({ row, pair, onEdit, onDelete }: { row: AdminInteraction; pair: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <>
      <TableCell className="min-w-48 font-medium">{pair}</TableCell>
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
        <Button variant="ghost" size="icon" aria-label={`Edit ${pair}`} onClick={onEdit}>
          <Pencil aria-hidden="true" />
        </Button>
        <Button variant="ghost" size="icon" aria-label={`Delete ${pair}`} onClick={onDelete}>
          <Trash2 aria-hidden="true" />
        </Button>
      </TableCell>
    </>
  );
}
