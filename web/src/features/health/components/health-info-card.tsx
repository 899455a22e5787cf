import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { User } from '#contract/auth.ts';
import type { HealthStats, HealthStatsBody } from '#contract/health.ts';
import { ETHNICITIES, GENDERS } from '#contract/health-texts.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { errorMessage } from '#web/lib/api-fetch.ts';
import { setServerErrors } from '#web/lib/forms.ts';
import { useLocalToday } from '#web/lib/local-day.ts';
import { useHealthStats, useSaveHealthStats } from '../api/health-stats.ts';
import {
  ETHNICITY_LABELS,
  GENDER_LABELS,
  type HealthFormValues,
  type UnitSystem,
  ageOn,
  formatHeight,
  formatSleep,
  formatWeight,
  healthFormFieldOf,
  statsToForm,
} from '../utils/units.ts';
import { healthFormSchema } from '../utils/health-form-schema.ts';

const NOT_SET = 'Not set';

function formatBirthDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, day, 12)));
}

function HealthView({ stats, system, today }: { stats: HealthStats; system: UnitSystem; today: string }) {
  const rows: [string, string][] = [
    ['Weight', stats.weight === null ? NOT_SET : formatWeight(stats.weight, system)],
    ['Height', stats.height === null ? NOT_SET : formatHeight(stats.height, system)],
    ['Gender', stats.gender === null ? NOT_SET : GENDER_LABELS[stats.gender]],
    ['Ethnicity', stats.ethnicity === null ? NOT_SET : ETHNICITY_LABELS[stats.ethnicity]],
    ['Date of birth', stats.dateOfBirth === null ? NOT_SET : `${formatBirthDate(stats.dateOfBirth)} (age ${ageOn(stats.dateOfBirth, today)})`],
    ['Average sleep', stats.averageSleep === null ? NOT_SET : `${formatSleep(stats.averageSleep)} a night`],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className={value === NOT_SET ? 'mt-1 text-muted-foreground' : 'mt-1 font-medium'}>{value}</dd>
        </div>
      ))}
      <div className="sm:col-span-2">
        <dt className="text-sm text-muted-foreground">Allergies</dt>
        <dd className={stats.allergies ? 'mt-1 font-medium whitespace-pre-wrap break-words' : 'mt-1 text-muted-foreground'}>{stats.allergies || NOT_SET}</dd>
      </div>
    </dl>
  );
}

type HealthForm = UseFormReturn<HealthFormValues, unknown, HealthStatsBody>;

function HealthForm({ stats, system, today, onDone, onSaved }: {
  stats: HealthStats;
  system: UnitSystem;
  today: string;
  onDone: () => void;
  onSaved?: (() => void) | undefined;
}) {
  const id = useId();
  const save = useSaveHealthStats();
  const form = useForm<HealthFormValues, unknown, HealthStatsBody>({
    resolver: zodResolver(healthFormSchema(system, stats)),
    defaultValues: statsToForm(stats, system),
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await save.mutateAsync(body);
      toast.success('Success', { description: 'Health stats updated successfully' });
      onSaved?.();
      onDone();
    } catch (error) {
      toast.error('Error', { description: errorMessage(error, 'Failed to update health stats') });
      setServerErrors(error, form.setError, (field) => healthFormFieldOf(field, system));
    }
  });

  const metric = system === 'metric';
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-weight`} label={metric ? 'Weight (kg)' : 'Weight (lbs)'} error={errors.weight?.message}>
          {(props) => <Input {...props} {...form.register('weight')} type="number" inputMode="decimal" step="0.1" min={metric ? 0.5 : 1} />}
        </FormField>
        <HeightFields id={`${id}-height`} form={form} system={system} />
        <ChoiceField id={`${id}-gender`} label="Gender" form={form} name="gender" choices={GENDERS} labels={GENDER_LABELS} />
        <ChoiceField id={`${id}-ethnicity`} label="Ethnicity" form={form} name="ethnicity" choices={ETHNICITIES} labels={ETHNICITY_LABELS} />
        <FormField id={`${id}-dob`} label="Date of birth" error={errors.dateOfBirth?.message}>
          {(props) => <Input {...props} {...form.register('dateOfBirth')} type="date" max={today} min="1900-01-01" />}
        </FormField>
        <SleepFields id={`${id}-sleep`} form={form} />
      </div>
      <FormField id={`${id}-allergies`} label="Allergies" error={errors.allergies?.message} hint='Medicines, foods or anything else. Write "None" if you have none.'>
        {(props) => <Textarea {...props} {...form.register('allergies')} className="min-h-20" maxLength={2000} />}
      </FormField>
      <p className="text-xs text-muted-foreground">
        Shown in {metric ? 'metric' : 'US'} units. You can change this in <Link to="/profile" className="underline hover:text-foreground">Profile Settings</Link>.
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}

/** Centimetres, or feet and inches with one message for the pair. */
function HeightFields({ id, form, system }: { id: string; form: HealthForm; system: UnitSystem }) {
  const { errors } = form.formState;
  if (system === 'metric') {
    return (
      <FormField id={`${id}-cm`} label="Height (cm)" error={errors.heightCm?.message}>
        {(props) => <Input {...props} {...form.register('heightCm')} type="number" inputMode="decimal" step="0.1" min={31} max={274} />}
      </FormField>
    );
  }
  const error = errors.heightFeet?.message;
  return (
    <PairFieldset id={id} legend="Height" error={error}>
      <FormField id={`${id}-ft`} label="Feet">
        {(props) => <Input {...props} {...form.register('heightFeet')} aria-invalid={Boolean(error)} type="number" inputMode="numeric" step="1" min={1} max={9} />}
      </FormField>
      <FormField id={`${id}-in`} label="Inches">
        {(props) => <Input {...props} {...form.register('heightInches')} aria-invalid={Boolean(error)} type="number" inputMode="decimal" step="0.1" min={0} max={11.9} />}
      </FormField>
    </PairFieldset>
  );
}

function ChoiceField<C extends string>({ id, label, form, name, choices, labels }: {
  id: string;
  label: string;
  form: HealthForm;
  name: 'gender' | 'ethnicity';
  choices: readonly C[];
  labels: Record<C, string>;
}) {
  return (
    <FormField id={id} label={label} error={form.formState.errors[name]?.message}>
      {(props) => (
        <NativeSelect {...props} {...form.register(name)}>
          <option value="">Not set</option>
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {labels[choice]}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  );
}

/** Hours and minutes, with one message for the pair. */
function SleepFields({ id, form }: { id: string; form: HealthForm }) {
  const { errors } = form.formState;
  const error = errors.sleepHours?.message ?? errors.sleepMinutes?.message;
  return (
    <PairFieldset id={id} legend="Average sleep a night" error={error}>
      <FormField id={`${id}-hours`} label="Hours">
        {(props) => <Input {...props} {...form.register('sleepHours')} aria-invalid={Boolean(errors.sleepHours)} type="number" inputMode="numeric" step="1" min={0} max={24} />}
      </FormField>
      <FormField id={`${id}-minutes`} label="Minutes">
        {(props) => <Input {...props} {...form.register('sleepMinutes')} aria-invalid={Boolean(errors.sleepMinutes)} type="number" inputMode="numeric" step="1" min={0} max={59} />}
      </FormField>
    </PairFieldset>
  );
}

/** Two fields side by side that answer one question, with one message for the pair. */
function PairFieldset({ id, legend, error, children }: { id: string; legend: string; error: string | undefined; children: ReactNode }) {
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="grid grid-cols-2 gap-3">{children}</div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Basic Health Information (product.md, Profile and health stats): a view mode and an edit mode, prefilled from the stored stats. */
export function HealthInfoCard({ user, onSaved }: { user: User; onSaved?: () => void }) {
  const stats = useHealthStats();
  const today = useLocalToday(user.timeZone);
  const [editing, setEditing] = useState(false);
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>Basic Health Information</CardTitle>
          <CardDescription>Used to put your supplements and lab results in context.</CardDescription>
        </div>
        {!editing && stats.data ? (
          <Button variant="outline" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" /> Edit Information
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {stats.isPending ? (
          <Spinner label="Loading health stats" />
        ) : stats.isError ? (
          <div role="alert" className="grid justify-items-start gap-2 text-sm">
            <p>{errorMessage(stats.error, 'Your health stats could not be loaded.')}</p>
            <Button variant="outline" size="sm" onClick={() => void stats.refetch()}>
              Try again
            </Button>
          </div>
        ) : editing ? (
          <HealthForm stats={stats.data} system={user.unitSystem} today={today} onDone={() => setEditing(false)} onSaved={onSaved} />
        ) : (
          <HealthView stats={stats.data} system={user.unitSystem} today={today} />
        )}
      </CardContent>
    </Card>
  );
}
