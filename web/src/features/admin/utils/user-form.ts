import { type AdminUser, type AdminUserUpdateBody, adminUserUpdateBodySchema } from '#contract/admin.ts';
import type { Tier } from '#contract/plans.ts';
import { bodySchema, sameNames } from '#web/lib/forms.ts';

/** What the "Edit User" dialog edits (product.md, Admin, "Admin user edit"). */
export type UserFormValues = { name: string; email: string; subscriptionTier: Tier; isAdmin: boolean };

/** A paying user's tier is their subscription's (the select is locked to it). */
export function userToForm(user: AdminUser): UserFormValues {
  return { name: user.name ?? '', email: user.email, subscriptionTier: user.subscription?.tier ?? user.subscriptionTier, isAdmin: user.isAdmin };
}

/** The body: the admin flag is sent only when it changed, so a plain edit never touches it. */
export function formToUserBody(values: UserFormValues, user: AdminUser): AdminUserUpdateBody {
  return {
    name: values.name,
    email: values.email,
    subscriptionTier: values.subscriptionTier,
    ...(values.isAdmin !== user.isAdmin ? { isAdmin: values.isAdmin } : {}),
  };
}

const FIELDS = ['name', 'email', 'subscriptionTier', 'isAdmin'] as const;
/** The body's fields have the form's names. */
export const userFieldOf = sameNames<UserFormValues>(FIELDS);

/** The form's check: the contract's rules for the body it would send. */
export function userFormSchema(user: AdminUser) {
  return bodySchema(adminUserUpdateBodySchema, (values: UserFormValues) => formToUserBody(values, user), userFieldOf);
}
