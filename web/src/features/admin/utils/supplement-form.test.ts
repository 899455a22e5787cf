import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '#contract/admin.ts';
import { formErrors } from '#web/lib/forms.ts';
import { type SupplementFormValues, emptySupplementForm, formToSupplementBody, supplementFormField, supplementFormSchema, supplementToForm } from './supplement-form.ts';

const validateSupplementForm = (values: SupplementFormValues) => formErrors(supplementFormSchema, values);

const valid = { ...emptySupplementForm(), name: 'Magnesium Glycinate', category: 'Mineral' };

describe('admin supplement form', () => {
  it('splits alternative names on commas and trims each (product.md, Admin)', () => {
    expect(formToSupplementBody({ ...valid, alternativeNames: ' Mag Gly ,  magnesium bisglycinate,, ,MAG GLY' }).alternativeNames).toEqual([
      'Mag Gly',
      'magnesium bisglycinate',
    ]);
    expect(formToSupplementBody({ ...valid, alternativeNames: '' }).alternativeNames).toEqual([]);
  });

  it('sends empty source fields as none', () => {
    expect(formToSupplementBody({ ...valid, source: '  ', sourceUrl: '' })).toMatchObject({ source: null, sourceUrl: null });
  });

  it('requires name and category and a web address as source URL', () => {
    expect(validateSupplementForm(emptySupplementForm())).toEqual({ name: ADMIN_MESSAGES.nameRequired, category: ADMIN_MESSAGES.categoryRequired });
    expect(validateSupplementForm({ ...valid, sourceUrl: 'ods.nih.gov' })).toEqual({ sourceUrl: ADMIN_MESSAGES.sourceUrlInvalid });
    expect(validateSupplementForm({ ...valid, sourceUrl: 'javascript:alert(1)' })).toEqual({ sourceUrl: ADMIN_MESSAGES.sourceUrlInvalid });
    expect(validateSupplementForm({ ...valid, sourceUrl: 'https://ods.od.nih.gov/factsheets/Magnesium/' })).toEqual({});
  });

  it('round-trips a stored supplement through the form', () => {
    const stored = {
      id: 'x',
      name: 'Zinc',
      category: 'Mineral',
      alternativeNames: ['Zn', 'zinc picolinate'],
      description: 'Trace mineral',
      source: null,
      sourceUrl: null,
      createdAt: '',
      updatedAt: '',
    };
    const form = supplementToForm(stored);
    expect(form.alternativeNames).toBe('Zn, zinc picolinate');
    expect(formToSupplementBody(form)).toEqual({ name: 'Zinc', category: 'Mineral', alternativeNames: ['Zn', 'zinc picolinate'], description: 'Trace mineral', source: null, sourceUrl: null });
  });

  it('maps server fields to the form', () => {
    expect(supplementFormField('alternativeNames.3')).toBe('alternativeNames');
    expect(supplementFormField('name')).toBe('name');
    expect(supplementFormField('body')).toBeNull();
  });
});
