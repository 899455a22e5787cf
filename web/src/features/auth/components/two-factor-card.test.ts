import { describe, expect, it } from 'vitest';
import { TWO_FACTOR_MESSAGES } from '#contract/two-factor.ts';
import { formErrors } from '#web/lib/forms.ts';
import { proofFormSchema } from './two-factor-card.tsx';

describe('the authenticator proof form', () => {
  it('asks for a password or a code, or only a code when the user has no password', () => {
    expect(formErrors(proofFormSchema(true), { proof: '' })).toEqual({ proof: TWO_FACTOR_MESSAGES.proofRequired });
    expect(formErrors(proofFormSchema(false), { proof: '' })).toEqual({ proof: 'Enter a code from your authenticator app.' });
  });

  it('sends a code or a password the contract accepts, and refuses what it would not', () => {
    expect(formErrors(proofFormSchema(true), { proof: '123 456' })).toEqual({});
    expect(formErrors(proofFormSchema(true), { proof: 'a long enough password' })).toEqual({});
    expect(Object.keys(formErrors(proofFormSchema(true), { proof: 'x'.repeat(101) }))).toEqual(['proof']);
  });
});
