import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, type UseFormReturn, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { REMINDER_MESSAGES, type ReminderSettings, type ReminderSettingsBody, reminderSettingsBodySchema } from '#contract/reminders.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { errorMessage } from '#web/lib/api-fetch.ts';
import { type FieldOf, bodySchema, setServerErrors } from '#web/lib/forms.ts';
import { PushRefusedError, pushSupported, useSaveReminderSettings, useReminderSettings, useSubscribePush, useUnsubscribePush } from '../api/reminders.ts';

/** The quiet-hours switch keeps the last times while it is off, so the form holds them apart from the body. */
type ReminderValues = { emailEnabled: boolean; pushEnabled: boolean; quiet: boolean; quietStart: string; quietEnd: string };
type ReminderForm = UseFormReturn<ReminderValues>;

function valuesOf(settings: ReminderSettings): ReminderValues {
  return {
    emailEnabled: settings.emailEnabled,
    pushEnabled: settings.pushEnabled,
    quiet: settings.quietHours !== null,
    quietStart: settings.quietHours?.start ?? '22:00',
    quietEnd: settings.quietHours?.end ?? '07:00',
  };
}

function toBody(values: ReminderValues): ReminderSettingsBody {
  return {
    emailEnabled: values.emailEnabled,
    pushEnabled: values.pushEnabled,
    quietHours: values.quiet ? { start: values.quietStart, end: values.quietEnd } : null,
  };
}

const BODY_FIELDS: Record<string, keyof ReminderValues> = {
  emailEnabled: 'emailEnabled',
  pushEnabled: 'pushEnabled',
  'quietHours.start': 'quietStart',
  'quietHours.end': 'quietEnd',
};
const fieldOf: FieldOf<ReminderValues> = (bodyField) => BODY_FIELDS[bodyField] ?? null;
const reminderFormSchema = bodySchema(reminderSettingsBodySchema, toBody, fieldOf);

/**
 * Reminders: by e-mail and as notifications on this device, when a supplement's dose time comes
 * and it is not logged yet, never in quiet hours (decision 035).
 */
export function RemindersCard() {
  const settings = useReminderSettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Reminders</CardTitle>
        {settings.data ? (
          <CardDescription>
            A reminder comes when a supplement in your stack is due by its schedule and you have not logged it yet. Times are in your time zone (
            {settings.data.timeZone}).
          </CardDescription>
        ) : null}
      </CardHeader>
      <CardContent>
        {settings.data ? (
          <RemindersForm settings={settings.data} />
        ) : settings.isError ? (
          <p className="text-sm text-destructive">Reminder settings could not be loaded.</p>
        ) : (
          <Spinner />
        )}
      </CardContent>
    </Card>
  );
}

function RemindersForm({ settings }: { settings: ReminderSettings }) {
  const id = useId();
  const save = useSaveReminderSettings();
  const form = useForm<ReminderValues>({ resolver: zodResolver(reminderFormSchema), defaultValues: valuesOf(settings) });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(toBody(values));
      toast.success(REMINDER_MESSAGES.saved);
    } catch (error) {
      if (!setServerErrors(error, form.setError, fieldOf)) toast.error('Error', { description: errorMessage(error, 'Failed to save reminder settings') });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <div className="flex items-center justify-between gap-4">
        <Label htmlFor={`${id}-email`}>E-mail reminders</Label>
        <Controller
          control={form.control}
          name="emailEnabled"
          render={({ field }) => <Switch id={`${id}-email`} checked={field.value} onCheckedChange={field.onChange} />}
        />
      </div>
      <PushField id={`${id}-push`} form={form} settings={settings} />
      <QuietHoursFields id={`${id}-quiet`} form={form} />
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Reminders'}
        </Button>
      </div>
    </form>
  );
}

/** Turning notifications on subscribes this device first (the browser asks); off unsubscribes it. */
function PushField({ id, form, settings }: { id: string; form: ReminderForm; settings: ReminderSettings }) {
  const subscribe = useSubscribePush();
  const unsubscribe = useUnsubscribePush();

  const onPushChange = async (on: boolean) => {
    if (!on) {
      form.setValue('pushEnabled', false);
      await unsubscribe.mutateAsync().catch(() => {});
      return;
    }
    try {
      await subscribe.mutateAsync(settings.pushPublicKey);
      form.setValue('pushEnabled', true);
    } catch (error) {
      toast.error('Notifications are not on', { description: error instanceof PushRefusedError ? error.message : errorMessage(error, 'This device could not be subscribed.') });
    }
  };

  return (
    <div className="grid gap-1">
      <div className="flex items-center justify-between gap-4">
        <Label htmlFor={id}>Notifications on this device</Label>
        <Switch
          id={id}
          checked={form.watch('pushEnabled')}
          disabled={!pushSupported() || subscribe.isPending || unsubscribe.isPending}
          onCheckedChange={(checked) => void onPushChange(checked)}
        />
      </div>
      <p className="text-xs text-muted-foreground">
        {pushSupported()
          ? `Your browser asks before StackLab may show notifications. Devices signed up: ${settings.pushDevices}.`
          : 'This browser cannot show notifications from StackLab.'}
      </p>
    </div>
  );
}

function QuietHoursFields({ id, form }: { id: string; form: ReminderForm }) {
  const { errors } = form.formState;
  return (
    <fieldset className="grid gap-3">
      <div className="flex items-center justify-between gap-4">
        <Label htmlFor={id}>Quiet hours</Label>
        <Controller
          control={form.control}
          name="quiet"
          render={({ field }) => <Switch id={id} checked={field.value} onCheckedChange={field.onChange} />}
        />
      </div>
      {form.watch('quiet') ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField id={`${id}-start`} label="From" error={errors.quietStart?.message}>
            {(control) => <Input {...control} type="time" required {...form.register('quietStart')} />}
          </FormField>
          <FormField id={`${id}-end`} label="Until" error={errors.quietEnd?.message}>
            {(control) => <Input {...control} type="time" required {...form.register('quietEnd')} />}
          </FormField>
          <p className="text-xs text-muted-foreground sm:col-span-2">Nothing is sent in these hours, and doses due in them get no reminder.</p>
        </div>
      ) : null}
    </fieldset>
  );
}
