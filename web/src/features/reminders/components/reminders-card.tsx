import { type FormEvent, useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { REMINDER_MESSAGES, type ReminderSettings } from '#contract/reminders.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { errorMessage, isApiError } from '#web/lib/api-fetch.ts';
import { PushRefusedError, pushSupported, useReminderSettings, useSaveReminderSettings, useSubscribePush, useUnsubscribePush } from '../api/reminders.ts';

type Form = { emailEnabled: boolean; pushEnabled: boolean; quiet: boolean; quietStart: string; quietEnd: string };

function formOf(settings: ReminderSettings): Form {
  return {
    emailEnabled: settings.emailEnabled,
    pushEnabled: settings.pushEnabled,
    quiet: settings.quietHours !== null,
    quietStart: settings.quietHours?.start ?? '22:00',
    quietEnd: settings.quietHours?.end ?? '07:00',
  };
}

/**
 * Reminders: by e-mail and as notifications on this device, when a supplement's dose time comes
 * and it is not logged yet, never in quiet hours (decision 035).
 */
export function RemindersCard() {
  const id = useId();
  const settings = useReminderSettings();
  const save = useSaveReminderSettings();
  const subscribe = useSubscribePush();
  const unsubscribe = useUnsubscribePush();
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (settings.data && form === null) setForm(formOf(settings.data));
  }, [settings.data, form]);

  if (!settings.data || !form) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>Reminders</CardTitle>
        </CardHeader>
        <CardContent>{settings.isError ? <p className="text-sm text-destructive">Reminder settings could not be loaded.</p> : <Spinner />}</CardContent>
      </Card>
    );
  }
  const data = settings.data;
  const update = (patch: Partial<Form>) => setForm({ ...form, ...patch });

  const onPushChange = async (on: boolean) => {
    if (!on) {
      update({ pushEnabled: false });
      await unsubscribe.mutateAsync().catch(() => {});
      return;
    }
    try {
      await subscribe.mutateAsync(data.pushPublicKey);
      update({ pushEnabled: true });
    } catch (error) {
      toast.error('Notifications are not on', { description: error instanceof PushRefusedError ? error.message : errorMessage(error, 'This device could not be subscribed.') });
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      await save.mutateAsync({
        emailEnabled: form.emailEnabled,
        pushEnabled: form.pushEnabled,
        quietHours: form.quiet ? { start: form.quietStart, end: form.quietEnd } : null,
      });
      toast.success(REMINDER_MESSAGES.saved);
    } catch (error) {
      if (isApiError(error) && error.details.length > 0) setErrors(Object.fromEntries(error.details.map((detail) => [detail.field, detail.message])));
      else toast.error('Error', { description: errorMessage(error, 'Failed to save reminder settings') });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Reminders</CardTitle>
        <CardDescription>
          A reminder comes when a supplement in your stack is due by its schedule and you have not logged it yet. Times are in your time zone ({data.timeZone}).
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={(event) => void onSubmit(event)} className="grid gap-5">
          <div className="flex items-center justify-between gap-4">
            <Label htmlFor={`${id}-email`}>E-mail reminders</Label>
            <Switch id={`${id}-email`} checked={form.emailEnabled} onCheckedChange={(checked) => update({ emailEnabled: checked })} />
          </div>
          <div className="grid gap-1">
            <div className="flex items-center justify-between gap-4">
              <Label htmlFor={`${id}-push`}>Notifications on this device</Label>
              <Switch
                id={`${id}-push`}
                checked={form.pushEnabled}
                disabled={!pushSupported() || subscribe.isPending || unsubscribe.isPending}
                onCheckedChange={(checked) => void onPushChange(checked)}
              />
            </div>
            <p className="text-xs text-muted-foreground">
              {pushSupported()
                ? `Your browser asks before StackLab may show notifications. Devices signed up: ${data.pushDevices}.`
                : 'This browser cannot show notifications from StackLab.'}
            </p>
          </div>
          <fieldset className="grid gap-3">
            <div className="flex items-center justify-between gap-4">
              <Label htmlFor={`${id}-quiet`}>Quiet hours</Label>
              <Switch id={`${id}-quiet`} checked={form.quiet} onCheckedChange={(checked) => update({ quiet: checked })} />
            </div>
            {form.quiet ? (
              <div className="grid gap-3 sm:grid-cols-2">
                <FormField id={`${id}-quiet-start`} label="From" error={errors['quietHours.start']}>
                  {(control) => <Input {...control} type="time" value={form.quietStart} onChange={(event) => update({ quietStart: event.target.value })} required />}
                </FormField>
                <FormField id={`${id}-quiet-end`} label="Until" error={errors['quietHours.end']}>
                  {(control) => <Input {...control} type="time" value={form.quietEnd} onChange={(event) => update({ quietEnd: event.target.value })} required />}
                </FormField>
                <p className="text-xs text-muted-foreground sm:col-span-2">Nothing is sent in these hours, and doses due in them get no reminder.</p>
              </div>
            ) : null}
          </fieldset>
          <div className="flex justify-end">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save Reminders'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
