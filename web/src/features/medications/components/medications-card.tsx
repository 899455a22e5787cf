import { Pencil, Plus, Stethoscope, Trash2 } from 'lucide-react';
import { Suspense, useState } from 'react';
import { toast } from 'sonner';
import { INTERACTION_TEXTS } from '#contract/interactions-texts.ts';
import type { Medication } from '#contract/interactions.ts';
import { ConfirmDialog } from '#web/components/ui/alert-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardIcon, CardTitle } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage } from '#web/lib/api-fetch.ts';
import { lazyWithPreload, preloadOnIntent } from '#web/lib/lazy-with-preload.ts';
import { useDeleteMedication, useMedications } from '../api/medications.ts';
import type { MedicationDialogState } from './medication-dialog.tsx';

const MedicationDialog = lazyWithPreload(() => import('./medication-dialog.tsx').then((module) => module.MedicationDialog));

function describe(medication: Medication): string {
  return [medication.strength, medication.schedule, medication.startedOn ? `since ${medication.startedOn}` : null].filter(Boolean).join(' · ');
}

function DeleteMedicationButton({ medication }: { medication: Medication }) {
  const remove = useDeleteMedication();
  const onConfirm = async () => {
    try {
      await remove.mutateAsync(medication.id);
      toast.success(INTERACTION_TEXTS.medicationDeleted);
    } catch (error) {
      toast.error('Error', { description: errorMessage(error, 'Failed to delete medication') });
    }
  };
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="icon" aria-label={`Remove ${medication.name}`} disabled={remove.isPending}>
          <Trash2 aria-hidden="true" />
        </Button>
      }
      title={`Remove ${medication.name}?`}
      question={INTERACTION_TEXTS.deleteMedicationConfirm}
      action="Remove"
      onConfirm={() => void onConfirm()}
    />
  );
}

/** product.md, Medications and interactions: the stack's medicines, apart from the supplements. */
export function MedicationsCard() {
  const medications = useMedications();
  const [dialog, setDialog] = useState<MedicationDialogState | null>(null);
  const [dialogUsed, setDialogUsed] = useState(false);
  const open = (state: MedicationDialogState) => {
    setDialogUsed(true);
    setDialog(state);
  };
  const list = medications.data ?? [];
  return (
    <Card id="medications">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex items-center gap-3">
          <CardIcon>
            <Stethoscope aria-hidden="true" />
          </CardIcon>
          <div className="grid gap-1">
            <CardTitle>My Medications</CardTitle>
            <CardDescription>Prescription and over-the-counter medicines</CardDescription>
          </div>
        </div>
        <Button size="sm" variant="outline" onClick={() => open({ mode: 'add' })} {...preloadOnIntent(MedicationDialog.preload)}>
          <Plus aria-hidden="true" /> Add Medication
        </Button>
      </CardHeader>
      <CardContent>
        {medications.isPending ? (
          <div className="flex justify-center py-4">
            <Spinner label="Loading your medications" />
          </div>
        ) : medications.isError ? (
          <div role="alert" className="grid justify-items-start gap-2 text-sm">
            <p>{INTERACTION_TEXTS.medicationsFailed}</p>
            <Button variant="outline" size="sm" onClick={() => void medications.refetch()}>
              Try again
            </Button>
          </div>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">No medications added. Adding them lets us show known interactions with your supplements.</p>
        ) : (
          <ul className="divide-y divide-border rounded-lg border border-border" aria-label="Medications">
            {list.map((medication) => (
              <li key={medication.id} className="flex items-center gap-3 px-3 py-3">
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words">
                    {medication.name} <span className="ml-1 rounded bg-muted px-1.5 py-0.5 text-xs font-normal text-muted-foreground">Medication</span>
                  </p>
                  {describe(medication) ? <p className="text-sm text-muted-foreground break-words">{describe(medication)}</p> : null}
                  {medication.note ? <p className="text-sm text-muted-foreground break-words">{medication.note}</p> : null}
                </div>
                <Button variant="ghost" size="icon" aria-label={`Edit ${medication.name}`} onClick={() => open({ mode: 'edit', medication })}>
                  <Pencil aria-hidden="true" />
                </Button>
                <DeleteMedicationButton medication={medication} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      {dialogUsed ? (
        <Suspense fallback={null}>
          <MedicationDialog state={dialog} onClose={() => setDialog(null)} />
        </Suspense>
      ) : null}
    </Card>
  );
}
