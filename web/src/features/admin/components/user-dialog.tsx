import { useId, useState } from 'react';
import { toast } from 'sonner';
import { ADMIN_MESSAGES, type AdminUser } from '#contract/admin.ts';
import type { Tier } from '#contract/plans.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { errorMessage, isApiError } from '#web/lib/api-fetch.ts';
import { useUpdateUser } from '../api/users.ts';
import { tierLabel } from '../utils/format.ts';
import { type UserFormErrors, type UserFormValues, formToUserBody, userToForm, validateUserForm } from '../utils/user-form.ts';

const TIERS: Tier[] = ['free', 'starter', 'pro'];

/**
 * A paying user's tier follows their subscription, so it is shown, not edited (decision 012);
 * without one, the tier set here is a grant that lasts until the user subscribes.
 */
function subscriptionHint(user: AdminUser, tierLabels: Partial<Record<Tier, string>> | undefined): string {
  const { subscription } = user;
  if (!subscription) return 'Grants a plan without payment. If the user subscribes later, the plan follows the subscription.';
  const plan = `${tierLabel(subscription.tier, tierLabels)}${subscription.interval ? ` (${subscription.interval})` : ''}`;
  const end = subscription.currentPeriodEnd ? new Date(subscription.currentPeriodEnd).toLocaleDateString() : null;
  const state = subscription.cancelAtPeriodEnd ? `cancelled, ends ${end ?? 'at the end of the period'}` : `renews ${end ?? 'each period'}`;
  return `Pays for ${plan} through a subscription (${state}). The plan follows the subscription: the user changes or cancels it under Manage subscription, and deleting the user cancels it.`;
}

/** product.md, Admin: name, e-mail, subscription and (product.md, Admin) admin rights, never one's own. */
export function UserDialog({
  user,
  currentUserId,
  tierLabels,
  onClose,
}: {
  user: AdminUser | null;
  currentUserId: string | undefined;
  tierLabels: Partial<Record<Tier, string>> | undefined;
  onClose: () => void;
}) {
  return (
    <Dialog open={user !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>{user ? <UserForm user={user} isSelf={user.id === currentUserId} tierLabels={tierLabels} onDone={onClose} /> : null}</DialogContent>
    </Dialog>
  );
}

function UserForm({ user, isSelf, tierLabels, onDone }: { user: AdminUser; isSelf: boolean; tierLabels: Partial<Record<Tier, string>> | undefined; onDone: () => void }) {
  const id = useId();
  const [values, setValues] = useState<UserFormValues>(userToForm(user));
  const [errors, setErrors] = useState<UserFormErrors>({});
  const update = useUpdateUser();

  const set = <K extends keyof UserFormValues>(name: K, value: UserFormValues[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = validateUserForm(values, user);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(`${id}-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    try {
      await update.mutateAsync({ id: user.id, body: formToUserBody(values, user) });
      toast.success('Success', { description: ADMIN_MESSAGES.userUpdated });
      onDone();
    } catch (error) {
      const fieldErrors: UserFormErrors = {};
      if (isApiError(error)) {
        for (const detail of error.details) {
          if (detail.field === 'name' || detail.field === 'email' || detail.field === 'subscriptionTier' || detail.field === 'isAdmin') fieldErrors[detail.field] = detail.message;
        }
      }
      setErrors(fieldErrors);
      toast.error('Error', { description: errorMessage(error, 'Failed to update user') });
    }
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Edit User</DialogTitle>
        <DialogDescription>
          {user.username} · signed up {new Date(user.createdAt).toLocaleDateString()}
        </DialogDescription>
      </DialogHeader>
      <FormField id={`${id}-name`} label="Name" error={errors.name} hint="Optional: sign-up does not ask for a name.">
        {(control) => <Input {...control} value={values.name} onChange={(event) => set('name', event.target.value)} maxLength={100} autoComplete="off" autoFocus />}
      </FormField>
      <FormField id={`${id}-email`} label="Email" error={errors.email}>
        {(control) => <Input {...control} type="email" value={values.email} onChange={(event) => set('email', event.target.value)} autoComplete="off" required />}
      </FormField>
      <FormField id={`${id}-subscriptionTier`} label="Subscription" error={errors.subscriptionTier} hint={subscriptionHint(user, tierLabels)}>
        {(control) => (
          <NativeSelect
            {...control}
            value={values.subscriptionTier}
            disabled={user.subscription !== null}
            onChange={(event) => set('subscriptionTier', event.target.value as Tier)}
          >
            {TIERS.map((tier) => (
              <option key={tier} value={tier}>
                {tierLabel(tier, tierLabels)}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <div className="flex items-start justify-between gap-4 rounded-lg border border-border p-3">
        <div className="grid gap-1">
          <label htmlFor={`${id}-isAdmin`} className="text-sm font-medium">
            Administrator
          </label>
          <p id={`${id}-isAdmin-hint`} className="text-xs text-muted-foreground">
            {isSelf ? ADMIN_MESSAGES.ownAdminFlag : 'Admins manage supplements, users and the blog, and cannot be deleted.'}
          </p>
          {errors.isAdmin ? <p className="text-sm text-destructive">{errors.isAdmin}</p> : null}
        </div>
        <Switch
          id={`${id}-isAdmin`}
          checked={values.isAdmin}
          disabled={isSelf}
          aria-describedby={`${id}-isAdmin-hint`}
          onCheckedChange={(checked) => set('isAdmin', checked)}
        />
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </DialogFooter>
    </form>
  );
}
