import { describe, expect, it } from 'vitest';
import type { AdminUser } from '#contract/admin.ts';
import { formErrors } from '#web/lib/forms.ts';
import { type UserFormValues, formToUserBody, userFormSchema, userToForm } from './user-form.ts';

const validateUserForm = (values: UserFormValues, of: AdminUser) => formErrors(userFormSchema(of), values);

const user: AdminUser = {
  id: 'u1',
  username: 'ada',
  name: null,
  email: 'ada@example.com',
  subscriptionTier: 'free',
  subscription: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  totalSupplements: 0,
  lastActivity: null,
  isAdmin: false,
};

describe('admin user form', () => {
  it("locks a paying user's tier to their subscription's", () => {
    const paying: AdminUser = { ...user, subscriptionTier: 'pro', subscription: { tier: 'starter', interval: 'monthly', cancelAtPeriodEnd: false, currentPeriodEnd: null } };
    expect(userToForm(paying).subscriptionTier).toBe('starter');
  });

  it('starts from the user, with an empty name when there is none', () => {
    expect(userToForm(user)).toEqual({ name: '', email: 'ada@example.com', subscriptionTier: 'free', isAdmin: false });
  });

  it('sends the admin flag only when it changed', () => {
    expect(formToUserBody({ ...userToForm(user), name: 'Ada' }, user)).toEqual({ name: 'Ada', email: 'ada@example.com', subscriptionTier: 'free' });
    expect(formToUserBody({ ...userToForm(user), name: 'Ada', isAdmin: true }, user)).toMatchObject({ isAdmin: true });
  });

  it('needs no name, only a valid e-mail (sign-up never asks for a name)', () => {
    expect(validateUserForm(userToForm(user), user)).toEqual({});
    expect(validateUserForm({ ...userToForm(user), name: 'Ada', email: 'nope' }, user)).toEqual({ email: 'Please enter a valid email address' });
    expect(validateUserForm({ ...userToForm(user), name: 'Ada', email: '' }, user)).toEqual({ email: 'Email is required' });
    expect(validateUserForm({ ...userToForm(user), name: 'Ada', subscriptionTier: 'pro' }, user)).toEqual({});
  });
});
