import { describe, expect, it } from 'vitest';
import type { LabReviewRow } from '#contract/labs.ts';
import { formErrors } from '#web/lib/forms.ts';
import { implausibleFormSchema, matchFormSchema, unreadBody, unreadFormSchema } from './review-rows.tsx';

const sodium = {
  id: '6f1c1d8e-3a53-4c1e-9d3e-0f4b8f1e2a10',
  labFileId: '7a2d2e9f-4b64-4d2f-8e4f-1a5c9a2f3b21',
  kind: 'implausible',
  name: 'Sodium',
  biomarker: 'sodium',
  value: 1400,
  unit: 'mmol/L',
  referenceRange: { low: 136, high: 145, text: null },
  printedFlag: null,
  box: null,
} satisfies LabReviewRow;

describe('the unlikely value form', () => {
  it('wants a number', () => {
    expect(formErrors(implausibleFormSchema(sodium), { value: 'abc', confirmed: false })).toEqual({ value: 'Value must be a number' });
    expect(formErrors(implausibleFormSchema(sodium), { value: '', confirmed: false })).toEqual({ value: 'Value must be a number' });
  });

  it('keeps the value as printed only once the box is ticked; a corrected value needs no box', () => {
    expect(formErrors(implausibleFormSchema(sodium), { value: '1400', confirmed: false })).toEqual({
      value: 'Correct the value, or tick the box to confirm your report prints it.',
    });
    expect(formErrors(implausibleFormSchema(sodium), { value: '1400', confirmed: true })).toEqual({});
    expect(formErrors(implausibleFormSchema(sodium), { value: '140', confirmed: false })).toEqual({});
  });

  it('takes a limit typed with its sign as a correction, not as the value printed', () => {
    expect(formErrors(implausibleFormSchema(sodium), { value: '< 1400', confirmed: false })).toEqual({});
    expect(formErrors(implausibleFormSchema(sodium), { value: '<', confirmed: false })).toEqual({ value: 'Value must be a number' });
  });
});

describe('the match form', () => {
  const zonulin = { ...sodium, kind: 'unrecognised' as const, name: 'Zonulin', biomarker: null, value: 42, unit: 'ng/mL' };

  it('wants a biomarker chosen from the list, then sends what the contract accepts', () => {
    expect(formErrors(matchFormSchema(zonulin), { biomarker: '', unit: 'ng/mL', confirm: false })).toEqual({ biomarker: 'Choose the biomarker this row is' });
    expect(formErrors(matchFormSchema(zonulin), { biomarker: 'ferritin', unit: 'ng/mL', confirm: false })).toEqual({});
    expect(Object.keys(formErrors(matchFormSchema(zonulin), { biomarker: 'ferritin', unit: 'x'.repeat(41), confirm: false }))).toEqual(['biomarker']);
  });
});

describe('the unread value form', () => {
  const tsh: LabReviewRow = { ...sodium, kind: 'unread', name: 'TSH', biomarker: 'tsh', value: null, unit: '', referenceRange: { low: null, high: null, text: null } };

  it('wants the value typed as a number, in a unit', () => {
    expect(formErrors(unreadFormSchema(tsh), { value: '', unit: 'mIU/L', confirmed: false })).toEqual({ value: 'Value must be a number' });
    expect(formErrors(unreadFormSchema(tsh), { value: '1,77', unit: 'mIU/L', confirmed: false })).toEqual({});
    expect(formErrors(unreadFormSchema(tsh), { value: '< 0,01', unit: 'mIU/L', confirmed: false })).toEqual({});
    expect(formErrors(unreadFormSchema(tsh), { value: '< ', unit: 'mIU/L', confirmed: false })).toEqual({ value: 'Value must be a number' });
    expect(Object.keys(formErrors(unreadFormSchema(tsh), { value: '2', unit: 'x'.repeat(41), confirmed: false }))).toEqual(['unit']);
  });

  it('sends the range read beside the value, so that the result is flagged', () => {
    const values = { value: '5.2', unit: 'mIU/L', confirmed: false };
    expect(unreadBody(tsh, values)).not.toHaveProperty('referenceLow');
    const withRange = { ...tsh, unit: 'mIU/L', referenceRange: { low: 0.4, high: 4, text: '0.4 - 4.0' } };
    expect(unreadBody(withRange, values)).toMatchObject({ value: 5.2, unit: 'mIU/L', referenceLow: 0.4, referenceHigh: 4, referenceText: '0.4 - 4.0' });
  });
});
