import { describe, expect, it } from 'vitest';
import type { HealthStats } from '#contract/health.ts';
import { HEALTH_MESSAGES } from '#contract/health-texts.ts';
import { formErrors } from '#web/lib/forms.ts';
import {
  HEALTH_FORM_MESSAGES,
  ageOn,
  cmToInches,
  formToHealthBody,
  formatHeight,
  formatSleep,
  formatWeight,
  healthFormFieldOf,
  kgToLbs,
  lbsToKg,
  splitHeight,
  splitSleep,
  statsToForm,
} from './units.ts';
import { healthFormSchema } from './health-form-schema.ts';

const stored: HealthStats = {
  weight: 180.5,
  height: 70,
  gender: 'female',
  ethnicity: 'middle_eastern',
  dateOfBirth: '1990-02-28',
  averageSleep: 450,
  profilePhotoUrl: null,
  allergies: 'Penicillin',
  updatedAt: '2025-06-01T00:00:00.000Z',
};
const empty = statsToForm(null, 'us');

describe('unit conversion', () => {
  it('converts pounds and kilograms, inches and centimetres both ways', () => {
    expect(lbsToKg(1)).toBeCloseTo(0.45359237, 8);
    expect(kgToLbs(lbsToKg(180.5))).toBeCloseTo(180.5, 10);
    expect(cmToInches(254)).toBeCloseTo(100, 10);
  });

  it('splits heights and sleep, carrying rounded inches into feet', () => {
    expect(splitHeight(70)).toEqual({ feet: 5, inches: 10 });
    expect(splitHeight(71.8)).toEqual({ feet: 6, inches: 0 });
    expect(splitHeight(70.25, 1)).toEqual({ feet: 5, inches: 10.3 });
    expect(splitSleep(450)).toEqual({ hours: 7, minutes: 30 });
    expect(splitSleep(0)).toEqual({ hours: 0, minutes: 0 });
  });

  it('formats in the chosen system', () => {
    expect(formatWeight(180.5, 'us')).toBe('180.5 lbs');
    expect(formatWeight(180.5, 'metric')).toBe('81.9 kg');
    expect(formatHeight(70, 'us')).toBe('5 ft 10 in');
    expect(formatHeight(70, 'metric')).toBe('178 cm');
    expect(formatSleep(450)).toBe('7 h 30 min');
    expect(formatSleep(480)).toBe('8 h');
    expect(formatSleep(45)).toBe('45 min');
  });

  it('counts age in whole years', () => {
    expect(ageOn('2000-06-15', '2025-06-14')).toBe(24);
    expect(ageOn('2000-06-15', '2025-06-15')).toBe(25);
  });
});

describe('the health form', () => {
  it('is prefilled from the stored stats in US and metric units', () => {
    expect(statsToForm(stored, 'us')).toMatchObject({ weight: '180.5', heightFeet: '5', heightInches: '10', sleepHours: '7', sleepMinutes: '30', gender: 'female', allergies: 'Penicillin' });
    expect(statsToForm(stored, 'metric')).toMatchObject({ weight: '81.9', heightCm: '178' });
    expect(empty).toEqual({ weight: '', heightFeet: '', heightInches: '', heightCm: '', gender: '', ethnicity: '', dateOfBirth: '', sleepHours: '', sleepMinutes: '', allergies: '' });
  });

  it('leaves out an empty weight, height and date of birth', () => {
    const result = formToHealthBody({ ...empty, sleepHours: '7', sleepMinutes: '15' }, 'us', null);
    expect(result).toEqual({ ok: true, body: { averageSleep: 435 } });
  });

  it('sends pounds, inches and minutes whatever the display units', () => {
    expect(formToHealthBody({ ...empty, weight: '80', heightCm: '178', sleepHours: '8' }, 'metric', null)).toEqual({
      ok: true,
      body: { weight: 176.4, height: 70.1, averageSleep: 480 },
    });
    expect(formToHealthBody({ ...empty, weight: '150.54', heightFeet: '5', heightInches: '6', dateOfBirth: '1990-01-01', gender: 'male', ethnicity: 'asian' }, 'us', null)).toEqual({
      ok: true,
      body: { weight: 150.5, height: 66, dateOfBirth: '1990-01-01', gender: 'male', ethnicity: 'asian' },
    });
  });

  it('sends an unchanged weight and height as stored, so units never drift them', () => {
    const metric = formToHealthBody(statsToForm(stored, 'metric'), 'metric', stored);
    expect(metric).toMatchObject({ ok: true, body: { weight: 180.5, height: 70, averageSleep: 450, allergies: 'Penicillin' } });
  });

  it('clears allergies that were emptied and leaves unset ones alone', () => {
    expect(formToHealthBody({ ...statsToForm(stored, 'us'), allergies: '  ' }, 'us', stored)).toMatchObject({ ok: true, body: { allergies: '' } });
    expect(formToHealthBody(empty, 'us', null)).toEqual({ ok: true, body: {} });
  });

  it('refuses out-of-range values with messages in the user units', () => {
    expect(formToHealthBody({ ...empty, weight: '2000' }, 'us', null)).toEqual({ ok: false, errors: { weight: HEALTH_FORM_MESSAGES.weightUs } });
    expect(formToHealthBody({ ...empty, weight: 'abc' }, 'metric', null)).toEqual({ ok: false, errors: { weight: HEALTH_FORM_MESSAGES.weightMetric } });
    expect(formToHealthBody({ ...empty, heightFeet: '0', heightInches: '5' }, 'us', null)).toEqual({ ok: false, errors: { heightFeet: HEALTH_FORM_MESSAGES.heightUs } });
    expect(formToHealthBody({ ...empty, heightFeet: '5', heightInches: '12' }, 'us', null)).toMatchObject({ ok: false });
    expect(formToHealthBody({ ...empty, heightCm: '300' }, 'metric', null)).toEqual({ ok: false, errors: { heightCm: HEALTH_FORM_MESSAGES.heightMetric } });
    expect(formToHealthBody({ ...empty, sleepHours: '7.5' }, 'us', null)).toEqual({ ok: false, errors: { sleepHours: HEALTH_FORM_MESSAGES.sleepHours } });
    expect(formToHealthBody({ ...empty, sleepMinutes: '60' }, 'us', null)).toEqual({ ok: false, errors: { sleepMinutes: HEALTH_FORM_MESSAGES.sleepMinutes } });
    expect(formToHealthBody({ ...empty, sleepHours: '24', sleepMinutes: '1' }, 'us', null)).toEqual({ ok: false, errors: { sleepHours: HEALTH_FORM_MESSAGES.sleepTotal } });
  });

  it("maps the server's fields to the form's", () => {
    expect(healthFormFieldOf('height', 'metric')).toBe('heightCm');
    expect(healthFormFieldOf('height', 'us')).toBe('heightFeet');
    expect(healthFormFieldOf('averageSleep', 'us')).toBe('sleepHours');
    expect(healthFormFieldOf('dateOfBirth', 'us')).toBe('dateOfBirth');
    expect(healthFormFieldOf('profilePhotoUrl', 'us')).toBeNull();
  });
});

describe('healthFormSchema', () => {
  it('says what is wrong in the user\'s units, and what the contract refuses on the field that shows it', () => {
    expect(formErrors(healthFormSchema('metric', null), { ...statsToForm(null, 'metric'), weight: '700' })).toEqual({ weight: HEALTH_FORM_MESSAGES.weightMetric });
    expect(formErrors(healthFormSchema('us', null), { ...empty, dateOfBirth: '1990-02-30' })).toEqual({ dateOfBirth: HEALTH_MESSAGES.dateOfBirth });
  });

  it('gives the request body in pounds, inches and minutes', () => {
    expect(healthFormSchema('metric', null).parse({ ...statsToForm(null, 'metric'), heightCm: '178', sleepHours: '8' })).toEqual({ height: 70.1, averageSleep: 480 });
  });
});
