import type { DoseUnit, FrequencyUnit } from '#contract/tracking.ts';
import type { UserRow } from '#server/features/auth/auth.repository.ts';
import { findMarker, loincFor, toCanonicalValue, unitDefFor } from '#server/features/labs/labs.catalogue.ts';
import { type UserData, dosageText, frequencyText } from './export.document.ts';
import type { LabResultRow } from './export.repository.ts';

/**
 * The user's data as an HL7 FHIR R4 Bundle of type `collection`: the Patient, each biomarker
 * result as a laboratory Observation (LOINC-coded when the catalogue knows the code, UCUM units,
 * reference range, v3 interpretation L/H/N), weight and height as vital-sign Observations, and
 * supplements as MedicationStatements with dose and timing. Validated in tests against HL7's
 * FHIR R4 JSON schema (export.fhir.int.test.ts).
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

type Quantity = { value: number; unit: string; system: string; code: string };

/** Catalogue units that are not UCUM codes as written, and their UCUM spelling. */
const UCUM_SPELLING: Record<string, string | null> = {
  'mEq/L': 'meq/L',
  'ng/mL FEU': 'ng/mL{FEU}',
  // Not a UCUM unit: such a result is given in its canonical unit instead.
  'lakhs/cumm': null,
};

const DOSE_UCUM: Record<DoseUnit, string> = { mg: 'mg', g: 'g', mcg: 'ug', IU: '[IU]' };
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
 * (the catalogue's canonical units are UCUM), with the range converted the same way.
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
  if (def && spelled) {
    const quantity = (value: number): Quantity => ({ value, unit: result.unit || spelled, system: UCUM, code: spelled });
    return {
      value: quantity(result.value),
      low: result.referenceLow === null ? null : quantity(result.referenceLow),
      high: result.referenceHigh === null ? null : quantity(result.referenceHigh),
      loinc: result.loinc ?? (marker ? loincFor(marker, def.unit) : null),
    };
  }
  const canonicalUnit = result.canonicalUnit;
  const quantity = (value: number): Quantity => ({ value: round(value), unit: canonicalUnit, system: UCUM, code: canonicalUnit });
  const convert = (value: number | null) => (value === null || !def ? null : quantity(toCanonicalValue(def, value)));
  return {
    value: quantity(result.canonicalValue),
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
    // Values the user has not reviewed are marked so (decisions section 6).
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

function patient(user: UserRow, data: UserData, publicUrl: string): Resource {
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
