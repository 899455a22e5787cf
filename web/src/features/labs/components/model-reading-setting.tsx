import { useId } from 'react';
import { toast } from 'sonner';
import { Label } from '#web/components/ui/label.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { errorMessage } from '#web/lib/api-fetch.ts';
import { useModelReading, useSetModelReading } from '../api/model-reading.ts';
import { READ_BY_MODEL_NOTE } from '../utils/lab-results.ts';

export const MODEL_READING_LABEL = 'Read my reports with the AI model';

/** The user's choice to let the server's AI model read their reports' text (product.md, Labs); shown only when there is a model. */
export function ModelReadingSetting() {
  const id = useId();
  const reading = useModelReading();
  const save = useSetModelReading();
  if (!reading.data?.available) return null;
  const { enabled, host } = reading.data;

  const onChange = (checked: boolean) =>
    save.mutate(checked, {
      onSuccess: () => toast.success(checked ? 'The AI model will read your next reports where rows are left unread' : 'Your reports are read without the AI model'),
      onError: (error) => toast.error(errorMessage(error, 'Could not save the setting')),
    });

  return (
    <div className="grid gap-1 rounded-lg border border-border p-4">
      <div className="flex items-center justify-between gap-4">
        <Label htmlFor={id}>{MODEL_READING_LABEL}</Label>
        <Switch id={id} checked={enabled} disabled={save.isPending} onCheckedChange={onChange} />
      </div>
      <p className="text-xs text-muted-foreground">
        Off unless you turn it on. When some rows of a report cannot be read, StackLab sends the report’s text, never the file, to the AI model at{' '}
        {host}. Only rows whose value and unit are printed in that text are kept, marked “{READ_BY_MODEL_NOTE}” for you to check.
      </p>
    </div>
  );
}
