import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import type { User } from '#contract/auth.ts';
import { profileBodySchema } from '#contract/profile.ts';
import { PROFILE_MESSAGES } from '#contract/profile-texts.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { errorMessage } from '#web/lib/api-fetch.ts';
import { cn } from '#web/lib/cn.ts';
import { sameNames, setServerErrors } from '#web/lib/forms.ts';
import { useUpdateProfile } from '../api/profile.ts';
import { timeZoneLabel, timeZoneOptions } from '../utils/time-zones.ts';

const preferencesSchema = profileBodySchema.pick({ timeZone: true, unitSystem: true }).required();
type Preferences = z.infer<typeof preferencesSchema>;
type PreferencesForm = UseFormReturn<Preferences>;
const fieldOf = sameNames<Preferences>(['timeZone', 'unitSystem']);

const UNIT_OPTIONS: { value: User['unitSystem']; label: string; detail: string }[] = [
  { value: 'us', label: 'US', detail: 'lbs, ft and in' },
  { value: 'metric', label: 'Metric', detail: 'kg and cm' },
];

/**
 * Time zone and units (product.md, Profile and health stats). The time zone decides which day "today" is for
 * logging, history and streaks; the units only change how weight and height are shown.
 */
export function PreferencesCard({ user }: { user: User }) {
  const id = useId();
  const update = useUpdateProfile();
  const form = useForm<Preferences>({
    resolver: zodResolver(preferencesSchema),
    defaultValues: { timeZone: user.timeZone, unitSystem: user.unitSystem },
  });
  const { isDirty, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      // The profile call needs the username and e-mail; the stored ones are sent unchanged.
      await update.mutateAsync({ email: user.email, username: user.username, ...values });
      form.reset(values);
      toast.success(PROFILE_MESSAGES.saved);
    } catch (error) {
      toast.error('Error', { description: errorMessage(error, 'Failed to update profile') });
      setServerErrors(error, form.setError, fieldOf);
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Time zone and units</CardTitle>
        <CardDescription>Your day starts at midnight in this time zone, for logging, history and streaks.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-5">
          <TimeZoneField id={`${id}-zone`} form={form} savedZone={user.timeZone} />
          <UnitsFieldset form={form} />
          <div className="flex justify-end">
            <Button type="submit" disabled={!isDirty || isSubmitting}>
              {isSubmitting ? 'Saving...' : 'Save Preferences'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** The zone list, with a one-click switch to the browser's zone when it differs. */
function TimeZoneField({ id, form, savedZone }: { id: string; form: PreferencesForm; savedZone: string }) {
  const zones = useMemo(() => timeZoneOptions(savedZone), [savedZone]);
  const now = useMemo(() => new Date(), []);
  const browserZone = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, []);
  const timeZone = form.watch('timeZone');
  return (
    <FormField
      id={id}
      label="Time zone"
      error={form.formState.errors.timeZone?.message}
      hint={
        browserZone && browserZone !== timeZone ? (
          <>
            This browser is in {timeZoneLabel(browserZone, now)}.{' '}
            <button
              type="button"
              className="font-medium text-primary underline"
              onClick={() => form.setValue('timeZone', browserZone, { shouldDirty: true })}
            >
              Use it
            </button>
          </>
        ) : undefined
      }
    >
      {(control) => (
        <NativeSelect {...control} {...form.register('timeZone')}>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {timeZoneLabel(zone, now)}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  );
}

function UnitsFieldset({ form }: { form: PreferencesForm }) {
  const unitSystem = form.watch('unitSystem');
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">Units</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {UNIT_OPTIONS.map((option) => (
          <label
            key={option.value}
            className={cn(
              'flex cursor-pointer items-center gap-3 rounded-lg border p-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
              unitSystem === option.value ? 'border-primary bg-secondary' : 'border-border',
            )}
          >
            <input type="radio" value={option.value} className="size-4 accent-primary" {...form.register('unitSystem')} />
            <span>
              <span className="font-medium">{option.label}</span> <span className="text-muted-foreground">({option.detail})</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
