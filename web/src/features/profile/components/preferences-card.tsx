import { type FormEvent, useId, useMemo, useState } from 'react';
import { toast } from 'sonner';
import type { User } from '#contract/auth.ts';
import { PROFILE_MESSAGES } from '#contract/profile-texts.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { errorMessage } from '#web/lib/api-fetch.ts';
import { cn } from '#web/lib/cn.ts';
import { useUpdateProfile } from '../api/profile.ts';
import { timeZoneLabel, timeZoneOptions } from '../utils/time-zones.ts';

type UnitSystem = User['unitSystem'];
const UNIT_OPTIONS: { value: UnitSystem; label: string; detail: string }[] = [
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
  const [timeZone, setTimeZone] = useState(user.timeZone);
  const [unitSystem, setUnitSystem] = useState<UnitSystem>(user.unitSystem);
  const zones = useMemo(() => timeZoneOptions(user.timeZone), [user.timeZone]);
  const now = useMemo(() => new Date(), []);
  const browserZone = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, []);
  const changed = timeZone !== user.timeZone || unitSystem !== user.unitSystem;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      // The profile call needs the username and e-mail; the stored ones are sent unchanged.
      await update.mutateAsync({ email: user.email, username: user.username, timeZone, unitSystem });
      toast.success(PROFILE_MESSAGES.saved);
    } catch (error) {
      toast.error('Error', { description: errorMessage(error, 'Failed to update profile') });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Time zone and units</CardTitle>
        <CardDescription>Your day starts at midnight in this time zone, for logging, history and streaks.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={(event) => void onSubmit(event)} className="grid gap-5">
          <FormField
            id={`${id}-zone`}
            label="Time zone"
            hint={
              browserZone && browserZone !== timeZone ? (
                <>
                  This browser is in {timeZoneLabel(browserZone, now)}.{' '}
                  <button type="button" className="font-medium text-primary underline" onClick={() => setTimeZone(browserZone)}>
                    Use it
                  </button>
                </>
              ) : undefined
            }
          >
            {(control) => (
              <NativeSelect {...control} value={timeZone} onChange={(event) => setTimeZone(event.target.value)}>
                {zones.map((zone) => (
                  <option key={zone} value={zone}>
                    {timeZoneLabel(zone, now)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
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
                  <input
                    type="radio"
                    name={`${id}-units`}
                    value={option.value}
                    checked={unitSystem === option.value}
                    onChange={() => setUnitSystem(option.value)}
                    className="size-4 accent-primary"
                  />
                  <span>
                    <span className="font-medium">{option.label}</span> <span className="text-muted-foreground">({option.detail})</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex justify-end">
            <Button type="submit" disabled={!changed || update.isPending}>
              {update.isPending ? 'Saving...' : 'Save Preferences'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
