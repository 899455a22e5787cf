import { type AdminUser, type AdminUserUpdateBody, adminUserUpdateBodySchema } from '#contract/admin.ts';
import type { Tier } from '#contract/plans.ts';

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

export type UserFormErrors = Partial<Record<keyof UserFormValues, string>>;

export function validateUserForm(values: UserFormValues, user: AdminUser): UserFormErrors {
  const result = adminUserUpdateBodySchema.safeParse(formToUserBody(values, user));
  if (result.success) return {};
  const errors: UserFormErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as keyof UserFormValues;
    if (['name', 'email', 'subscriptionTier', 'isAdmin'].includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
