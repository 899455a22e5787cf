import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { INTERACTION_TEXTS, SEVERITIES, SEVERITY_LABELS, type Severity } from '#contract/interactions-texts.ts';
import { type AdminInteraction, type InteractionAgentDto, type InteractionBody, interactionBodySchema } from '#contract/interactions.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { errorMessage } from '#web/lib/api-fetch.ts';
import { bodySchema, sameNames, setServerErrors } from '#web/lib/forms.ts';
import { useSaveInteraction } from '../api/interactions.ts';

export type InteractionDialogState = { mode: 'add' } | { mode: 'edit'; interaction: AdminInteraction };

type Fields = { agentA: string; agentB: string; severity: Severity; effect: string; advice: string; source: string; sourceUrl: string };

const KIND_LABELS = { supplement: 'Supplements', drug: 'Medicines', 'drug-class': 'Drug classes', 'lab-test': 'Lab tests' } as const;

function AgentOptions({ agents }: { agents: InteractionAgentDto[] }) {
  return (
    <>
      <option value="">Choose…</option>
      {(Object.keys(KIND_LABELS) as (keyof typeof KIND_LABELS)[]).map((kind) => (
        <optgroup key={kind} label={KIND_LABELS[kind]}>
          {agents
            .filter((agent) => agent.kind === kind)
            .map((agent) => (
              <option key={agent.key} value={agent.key}>
                {agent.label}
              </option>
            ))}
        </optgroup>
      ))}
    </>
  );
}

/** Add or edit one row of the interaction table (product.md, Admin, "Interactions"). */
export function InteractionDialog({ state, agents, onClose }: { state: InteractionDialogState | null; agents: InteractionAgentDto[]; onClose: () => void }) {
  return (
    <Dialog open={state !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-2xl">{state ? <InteractionForm state={state} agents={agents} onDone={onClose} /> : null}</DialogContent>
    </Dialog>
  );
}

const FIELDS = ['agentA', 'agentB', 'severity', 'effect', 'advice', 'source', 'sourceUrl'] as const;
const fieldOf = sameNames<Fields>(FIELDS);
const toBody = (fields: Fields): InteractionBody => ({ ...fields, sourceUrl: fields.sourceUrl || null });
/** The server's rules, checked before sending. */
const formSchema = bodySchema(interactionBodySchema, toBody, fieldOf);

const fieldsOf = (row: AdminInteraction | null): Fields => ({
  agentA: row?.agentA ?? '',
  agentB: row?.agentB ?? '',
  severity: row?.severity ?? 'moderate',
  effect: row?.effect ?? '',
  advice: row?.advice ?? '',
  source: row?.source ?? '',
  sourceUrl: row?.sourceUrl ?? '',
});

function InteractionForm({ state, agents, onDone }: { state: InteractionDialogState; agents: InteractionAgentDto[]; onDone: () => void }) {
  const id = useId();
  const row = state.mode === 'edit' ? state.interaction : null;
  const form = useForm<Fields>({ resolver: zodResolver(formSchema), defaultValues: fieldsOf(row) });
  const { errors } = form.formState;
  const save = useSaveInteraction();

  const onSubmit = form.handleSubmit(async (fields) => {
    try {
      await save.mutateAsync({ id: row?.id, body: toBody(fields) });
      toast.success(row ? INTERACTION_TEXTS.interactionUpdated : INTERACTION_TEXTS.interactionCreated);
      onDone();
    } catch (error) {
      toast.error('Error', { description: errorMessage(error, 'Failed to save interaction') });
      setServerErrors(error, form.setError, fieldOf);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{row ? 'Edit Interaction' : 'Add Interaction'}</DialogTitle>
        <DialogDescription>Write in our own words, and cite a source that says it.</DialogDescription>
      </DialogHeader>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={`${id}-a`} label="First item" error={errors.agentA?.message}>
          {(control) => (
            <NativeSelect {...control} {...form.register('agentA')}>
              <AgentOptions agents={agents} />
            </NativeSelect>
          )}
        </FormField>
        <FormField id={`${id}-b`} label="Second item" error={errors.agentB?.message}>
          {(control) => (
            <NativeSelect {...control} {...form.register('agentB')}>
              <AgentOptions agents={agents} />
            </NativeSelect>
          )}
        </FormField>
      </div>
      <FormField id={`${id}-severity`} label="Severity" error={errors.severity?.message}>
        {(control) => (
          <NativeSelect {...control} {...form.register('severity')}>
            {SEVERITIES.map((severity) => (
              <option key={severity} value={severity}>
                {SEVERITY_LABELS[severity]}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField id={`${id}-effect`} label="What happens" error={errors.effect?.message}>
        {(control) => <Textarea {...control} className="min-h-20" {...form.register('effect')} maxLength={1000} />}
      </FormField>
      <FormField id={`${id}-advice`} label="What to do" error={errors.advice?.message}>
        {(control) => <Textarea {...control} className="min-h-16" {...form.register('advice')} maxLength={1000} />}
      </FormField>
      <FormField id={`${id}-source`} label="Source" error={errors.source?.message}>
        {(control) => <Input {...control} {...form.register('source')} maxLength={400} />}
      </FormField>
      <FormField id={`${id}-url`} label="Source URL (optional)" error={errors.sourceUrl?.message}>
        {(control) => <Input {...control} type="url" {...form.register('sourceUrl')} maxLength={2000} />}
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : row ? 'Save Changes' : 'Add Interaction'}
        </Button>
      </DialogFooter>
    </form>
  );
}
