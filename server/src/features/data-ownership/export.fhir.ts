import { HEALTH_KIND_NAMES, HEALTH_SOURCE_NAMES, type HealthKind } from '#contract/health-data.ts';
import type { DoseUnit, FrequencyUnit } from '#contract/supplements-texts.ts';
import { findMarker, loincFor, toCanonicalValue, unitDefFor } from '#server/features/labs/labs.catalogue.ts';
import { type UserData, dosageText, frequencyText } from './export.document.ts';
import type { BiomarkerTarget } from '#contract/labs.ts';
import type { ValueComparator } from '#contract/biomarkers.ts';
import type { HealthMeasurementRow, LabResultRow, MedicationRow } from './export.repository.ts';
import type { User } from '#server/domain/user.ts';

/**
 * The user's data as an HL7 FHIR R4 Bundle of type `collection`: the Patient, each biomarker
 * result as a laboratory Observation (LOINC-coded when the catalogue knows the code, UCUM units,
 * reference range, v3 interpretation L/H/N), weight and height as vital-sign Observations,
 * measurements from phones and wearables as LOINC-coded Observations in UCUM (decision 036),
 * supplements and medications as MedicationStatements, and the user's own biomarker targets as
 * Goals (planned retests have no resource here; they are in the JSON export). Validated in tests against HL7's FHIR R4
 * JSON schema (export.int.test.ts).
 */

export const LOINC = 'http://loinc.org';
export const UCUM = 'http://unitsofmeasure.org';
export const INTERPRETATION = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';
const OBSERVATION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';

type Resource = { resourceType: string; id: string } & Record<string, unknown>;
export type FhirBundle = {
  resourceType: 'Bundle';
  id: string;
  meta: { lastUpdated: string };
  type: 'collection';
  timestamp: string;
  entry: { fullUrl: string; resource: Resource }[];
};

type Quantity = { value: number; comparator?: ValueComparator; unit: string; system: string; code: string };

/** Catalogue units that are not UCUM codes as written, and their UCUM spelling. */
const UCUM_SPELLING: Record<string, string | null> = {
  'mEq/L': 'meq/L',
  'ng/mL FEU': 'ng/mL{FEU}',
  // Not a UCUM unit: such a result is given in its canonical unit instead.
  'lakhs/cumm': null,
};

// Countable forms are UCUM annotations ("{capsule}"): a count of one with the form as its label.
const DOSE_UCUM: Record<DoseUnit, string> = {
  mg: 'mg',
  g: 'g',
  mcg: 'ug',
  IU: '[IU]',
  ml: 'mL',
  drop: '[drp]',
  capsule: '{capsule}',
  tablet: '{tablet}',
  softgel: '{softgel}',
  gummy: '{gummy}',
  scoop: '{scoop}',
  serving: '{serving}',
};
const PERIOD_UNIT: Record<FrequencyUnit, 'h' | 'd' | 'wk'> = { hourly: 'h', daily: 'd', weekly: 'wk' };
const INTERPRETATION_CODES = {
  low: { code: 'L', display: 'Low' },
  high: { code: 'H', display: 'High' },
  normal: { code: 'N', display: 'Normal' },
} as const;

function round(value: number): number {
  return Number(value.toPrecision(6));
}

/**
 * The value as reported when its unit has a UCUM code; otherwise the canonical value and unit
 * (the catalogue's canonical units are UCUM), with the range converted the same way. A limit
 * ("< 0.5") carries FHIR's Quantity.comparator on the value; the range never does.
 */
export function observationQuantities(result: LabResultRow): {
  value: Quantity;
  low: Quantity | null;
  high: Quantity | null;
  loinc: string | null;
} {
  const marker = findMarker(result.biomarkerKey);
  const def = marker ? unitDefFor(marker, result.unit) : null;
  const spelled = def ? (def.unit in UCUM_SPELLING ? UCUM_SPELLING[def.unit] : def.unit) : null;
  const comparator = result.comparator ? { comparator: result.comparator } : {};
  if (def && spelled) {
    const quantity = (value: number): Quantity => ({ value, unit: result.unit || spelled, system: UCUM, code: spelled });
    return {
      value: { ...quantity(result.value), ...comparator },
      low: result.referenceLow === null ? null : quantity(result.referenceLow),
      high: result.referenceHigh === null ? null : quantity(result.referenceHigh),
      loinc: result.loinc ?? (marker ? loincFor(marker, def.unit) : null),
    };
  }
  const canonicalUnit = result.canonicalUnit;
  const quantity = (value: number): Quantity => ({ value: round(value), unit: canonicalUnit, system: UCUM, code: canonicalUnit });
  const convert = (value: number | null) => (value === null || !def ? null : quantity(toCanonicalValue(def, value)));
  return {
    value: { ...quantity(result.canonicalValue), ...comparator },
    low: convert(result.referenceLow),
    high: convert(result.referenceHigh),
    loinc: marker ? loincFor(marker, canonicalUnit) : result.loinc,
  };
}

function labObservation(result: LabResultRow, patientRef: { reference: string }): Resource {
  const { value, low, high, loinc } = observationQuantities(result);
  const range: Record<string, unknown> = {};
  if (low) range.low = low;
  if (high) range.high = high;
  if (result.referenceText) range.text = result.referenceText;
  return {
    resourceType: 'Observation',
    id: result.id,
    // Values the user has not reviewed are marked so (product.md, Data ownership).
    status: result.reviewed ? 'final' : 'preliminary',
    category: [{ coding: [{ system: OBSERVATION_CATEGORY, code: 'laboratory', display: 'Laboratory' }] }],
    code: {
      ...(loinc ? { coding: [{ system: LOINC, code: loinc, display: result.name }] } : {}),
      text: result.name,
    },
    subject: patientRef,
    effectiveDateTime: result.testDate,
    valueQuantity: value,
    ...(result.flag ? { interpretation: [{ coding: [{ system: INTERPRETATION, ...INTERPRETATION_CODES[result.flag] }] }] } : {}),
    ...(Object.keys(range).length > 0 ? { referenceRange: [range] } : {}),
  };
}

function vitalSign(id: string, code: string, display: string, quantity: Quantity, when: string, patientRef: { reference: string }): Resource {
  return {
    resourceType: 'Observation',
    id,
    status: 'final',
    category: [{ coding: [{ system: OBSERVATION_CATEGORY, code: 'vital-signs', display: 'Vital Signs' }] }],
    code: { coding: [{ system: LOINC, code, display }], text: display },
    subject: patientRef,
    effectiveDateTime: when,
    valueQuantity: quantity,
  };
}

type Coding = { system: string; code: string; display: string };
type MeasurementCoding = { category: 'vital-signs' | 'activity' | 'laboratory'; codings: Coding[]; ucum: string };
const loinc = (code: string, display: string): Coding => ({ system: LOINC, code, display });
const CATEGORY_DISPLAY = { 'vital-signs': 'Vital Signs', activity: 'Activity', laboratory: 'Laboratory' } as const;

/**
 * LOINC and UCUM for each kind of measurement (decision 036). Time in bed and awake time have no
 * LOINC code we are sure of, so they carry text alone. Resting heart rate also carries the vital
 * sign's own heart-rate code, as the FHIR vital-signs profile asks.
 */
export const MEASUREMENT_CODES: Record<HealthKind, MeasurementCoding> = {
  sleep_in_bed: { category: 'activity', codings: [], ucum: 'min' },
  sleep_asleep: { category: 'activity', codings: [loinc('93832-4', 'Sleep duration')], ucum: 'min' },
  sleep_light: { category: 'activity', codings: [loinc('93830-8', 'Light sleep duration')], ucum: 'min' },
  sleep_deep: { category: 'activity', codings: [loinc('93831-6', 'Deep sleep duration')], ucum: 'min' },
  sleep_rem: { category: 'activity', codings: [loinc('93829-0', 'REM sleep duration')], ucum: 'min' },
  sleep_awake: { category: 'activity', codings: [], ucum: 'min' },
  resting_heart_rate: { category: 'vital-signs', codings: [loinc('40443-4', 'Heart rate --resting'), loinc('8867-4', 'Heart rate')], ucum: '/min' },
  hrv: { category: 'vital-signs', codings: [loinc('80404-7', 'R-R interval.standard deviation (Heart rate variability)')], ucum: 'ms' },
  // Samples over a stretch of time, not a day's total: "in unspecified time", with its period.
  steps: { category: 'activity', codings: [loinc('55423-8', 'Number of steps in unspecified time Pedometer')], ucum: '{steps}' },
  weight: { category: 'vital-signs', codings: [loinc('29463-7', 'Body weight')], ucum: 'kg' },
  body_fat: { category: 'vital-signs', codings: [loinc('41982-0', 'Percentage of body fat Measured')], ucum: '%' },
  blood_pressure_systolic: { category: 'vital-signs', codings: [loinc('8480-6', 'Systolic blood pressure')], ucum: 'mm[Hg]' },
  blood_pressure_diastolic: { category: 'vital-signs', codings: [loinc('8462-4', 'Diastolic blood pressure')], ucum: 'mm[Hg]' },
  // Stored in mmol/L, so the moles-per-volume code rather than 2339-0 (mass per volume).
  blood_glucose: { category: 'laboratory', codings: [loinc('15074-8', 'Glucose [Moles/volume] in Blood')], ucum: 'mmol/L' },
};
export const BLOOD_PRESSURE_PANEL = loinc('85354-9', 'Blood pressure panel with all children optional');

function measurementQuantity(row: HealthMeasurementRow): Quantity {
  return { value: row.value, unit: row.unit, system: UCUM, code: MEASUREMENT_CODES[row.kind].ucum };
}

function codeOf(kind: HealthKind) {
  const { codings } = MEASUREMENT_CODES[kind];
  return { ...(codings.length > 0 ? { coding: codings } : {}), text: HEALTH_KIND_NAMES[kind] };
}

/** A reading at an instant is a dateTime; one over a stretch (a night, a walk) is a Period. */
function effectiveOf(row: HealthMeasurementRow) {
  return row.startAt.getTime() === row.endAt.getTime()
    ? { effectiveDateTime: row.startAt.toISOString() }
    : { effectivePeriod: { start: row.startAt.toISOString(), end: row.endAt.toISOString() } };
}

function measurementObservation(row: HealthMeasurementRow, patientRef: { reference: string }, value: Record<string, unknown>, kind: HealthKind, code: object): Resource {
  const { category } = MEASUREMENT_CODES[kind];
  return {
    resourceType: 'Observation',
    id: row.id,
    status: 'final',
    category: [{ coding: [{ system: OBSERVATION_CATEGORY, code: category, display: CATEGORY_DISPLAY[category] }] }],
    code,
    subject: patientRef,
    ...effectiveOf(row),
    ...value,
    // The writer, by name: the export does not know the device beyond what the source said.
    device: { display: row.origin ? `${row.origin} (${HEALTH_SOURCE_NAMES[row.source]})` : HEALTH_SOURCE_NAMES[row.source] },
  };
}

/**
 * Each measurement as an Observation; a systolic and diastolic reading taken together by one
 * writer become one blood-pressure panel with two components, as FHIR's vital signs have it.
 */
export function measurementObservations(rows: HealthMeasurementRow[], patientRef: { reference: string }): Resource[] {
  const pairKey = (row: HealthMeasurementRow) => `${row.source}|${row.origin}|${row.startAt.getTime()}|${row.endAt.getTime()}`;
  const diastolic = new Map<string, HealthMeasurementRow[]>();
  for (const row of rows) {
    if (row.kind !== 'blood_pressure_diastolic') continue;
    const list = diastolic.get(pairKey(row)) ?? [];
    list.push(row);
    diastolic.set(pairKey(row), list);
  }
  // Pair first, then emit: a diastolic reading may come before its systolic one.
  const partners = new Map<string, HealthMeasurementRow>();
  const paired = new Set<string>();
  for (const row of rows) {
    if (row.kind !== 'blood_pressure_systolic') continue;
    const partner = diastolic.get(pairKey(row))?.shift();
    if (!partner) continue;
    partners.set(row.id, partner);
    paired.add(partner.id);
  }
  const component = (reading: HealthMeasurementRow) => ({ code: { coding: MEASUREMENT_CODES[reading.kind].codings }, valueQuantity: measurementQuantity(reading) });
  const resources: Resource[] = [];
  for (const row of rows) {
    if (paired.has(row.id)) continue;
    const partner = partners.get(row.id);
    resources.push(
      partner
        ? measurementObservation(row, patientRef, { component: [component(row), component(partner)] }, row.kind, { coding: [BLOOD_PRESSURE_PANEL], text: 'Blood pressure' })
        : measurementObservation(row, patientRef, { valueQuantity: measurementQuantity(row) }, row.kind, codeOf(row.kind)),
    );
  }
  return resources;
}

/** The user's own target for a biomarker: a Goal whose target is the biomarker's LOINC code and a range in its canonical unit. */
function targetGoal(row: BiomarkerTarget, id: string, patientRef: { reference: string }): Resource | null {
  const marker = findMarker(row.biomarker);
  if (!marker) return null;
  const unit = marker.canonicalUnit;
  const code = unit in UCUM_SPELLING ? UCUM_SPELLING[unit] : unit;
  if (!code) return null;
  const loincCode = loincFor(marker, unit);
  const quantity = (value: number): Quantity => ({ value, unit, system: UCUM, code });
  const ends = [row.low === null ? null : `from ${row.low}`, row.high === null ? null : `up to ${row.high}`].filter(Boolean).join(' ');
  return {
    resourceType: 'Goal',
    id,
    lifecycleStatus: 'active',
    description: { text: `${marker.name} ${ends} ${unit}` },
    subject: patientRef,
    target: [
      {
        measure: { ...(loincCode ? { coding: [{ system: LOINC, code: loincCode, display: marker.name }] } : {}), text: marker.name },
        detailRange: { ...(row.low === null ? {} : { low: quantity(row.low) }), ...(row.high === null ? {} : { high: quantity(row.high) }) },
      },
    ],
  };
}

/** A medication as the user wrote it: the strength beside the name, as on a pack, and how and when as text. */
function medicationStatement(row: MedicationRow, patientRef: { reference: string }, now: string): Resource {
  return {
    resourceType: 'MedicationStatement',
    id: row.id,
    status: 'active',
    medicationCodeableConcept: { text: row.strength ? `${row.name} ${row.strength}` : row.name },
    subject: patientRef,
    ...(row.startedOn ? { effectivePeriod: { start: row.startedOn } } : {}),
    dateAsserted: now,
    ...(row.schedule ? { dosage: [{ text: row.schedule }] } : {}),
    ...(row.note ? { note: [{ text: row.note }] } : {}),
  };
}

function dosage(row: { dosageAmount: number; dosageUnit: DoseUnit; frequencyCount: number; frequencyUnit: FrequencyUnit }) {
  return [
    {
      text: `${dosageText(row)}, ${frequencyText(row)}`,
      timing: { repeat: { frequency: row.frequencyCount, period: 1, periodUnit: PERIOD_UNIT[row.frequencyUnit] } },
      doseAndRate: [{ doseQuantity: { value: row.dosageAmount, unit: row.dosageUnit, system: UCUM, code: DOSE_UCUM[row.dosageUnit] } }],
    },
  ];
}

const GENDER: Record<string, 'male' | 'female' | 'unknown'> = { male: 'male', female: 'female', 'prefer not to answer': 'unknown' };

/** Deterministic UUID-shaped id for a resource made from other data (a past supplement, a vital sign). */
function derivedId(base: string, suffix: number): string {
  const hex = suffix.toString(16).padStart(12, '0').slice(-12);
  return `${base.slice(0, 24)}${hex}`;
}

export function buildFhirBundle(data: UserData, options: { publicUrl: string; now: Date }): FhirBundle {
  const { user } = data;
  const patientId = user.id;
  const patientRef = { reference: `urn:uuid:${patientId}` };
  const now = options.now.toISOString();
  const resources: Resource[] = [patient(user, data, options.publicUrl)];

  for (const result of data.labResults) resources.push(labObservation(result, patientRef));

  const stats = data.healthStats;
  if (stats?.weightLbs != null) {
    resources.push(vitalSign(derivedId(patientId, 1), '29463-7', 'Body weight', { value: stats.weightLbs, unit: 'lb', system: UCUM, code: '[lb_av]' }, stats.updatedAt.toISOString(), patientRef));
  }
  if (stats?.heightInches != null) {
    resources.push(vitalSign(derivedId(patientId, 2), '8302-2', 'Body height', { value: stats.heightInches, unit: 'in', system: UCUM, code: '[in_i]' }, stats.updatedAt.toISOString(), patientRef));
  }

  resources.push(...measurementObservations(data.healthMeasurements, patientRef));
  // Far above the past supplements' ids below, so the two never meet.
  data.biomarkerTargets.forEach((row, index) => {
    const goal = targetGoal(row, derivedId(patientId, 0x1_0000_0000 + index), patientRef);
    if (goal) resources.push(goal);
  });
  for (const row of data.medications) resources.push(medicationStatement(row, patientRef, now));

  const current = new Set(data.supplements.map((row) => row.name.toLowerCase()));
  for (const row of data.supplements) {
    resources.push({
      resourceType: 'MedicationStatement',
      id: row.id,
      status: 'active',
      medicationCodeableConcept: { text: row.name },
      subject: patientRef,
      effectivePeriod: { start: row.createdAt.toISOString() },
      dateAsserted: now,
      dosage: dosage(row),
      ...(row.notes ? { note: [{ text: row.notes }] } : {}),
    });
  }

  // Supplements logged in the past but no longer in the stack: taken from the first to the last logged day.
  const past = new Map<string, { first: string; last: (typeof data.intakeLogs)[number] }>();
  for (const log of data.intakeLogs) {
    const key = log.name.toLowerCase();
    if (current.has(key)) continue;
    const seen = past.get(key);
    if (!seen) past.set(key, { first: log.localDate, last: log });
    else if (log.localDate >= seen.last.localDate) seen.last = log;
  }
  let pastIndex = 100;
  for (const { first, last } of past.values()) {
    pastIndex += 1;
    resources.push({
      resourceType: 'MedicationStatement',
      id: derivedId(patientId, pastIndex),
      status: 'completed',
      medicationCodeableConcept: { text: last.name },
      subject: patientRef,
      effectivePeriod: { start: first, end: last.localDate },
      dateAsserted: now,
      dosage: dosage(last),
    });
  }

  return {
    resourceType: 'Bundle',
    id: derivedId(patientId, 0),
    meta: { lastUpdated: now },
    type: 'collection',
    timestamp: now,
    entry: resources.map((resource) => ({ fullUrl: `urn:uuid:${resource.id}`, resource })),
  };
}

function patient(user: User, data: UserData, publicUrl: string): Resource {
  const stats = data.healthStats;
  const telecom = [
    { system: 'email', value: user.email },
    ...(user.phoneNumber ? [{ system: 'phone', value: user.phoneNumber }] : []),
  ];
  return {
    resourceType: 'Patient',
    id: user.id,
    identifier: [{ system: `${publicUrl}/users`, value: user.id }],
    name: [{ text: user.name ?? user.username }],
    telecom,
    ...(stats?.gender && GENDER[stats.gender] ? { gender: GENDER[stats.gender] } : {}),
    ...(stats?.dateOfBirth ? { birthDate: stats.dateOfBirth } : {}),
  };
}
