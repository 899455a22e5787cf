import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, type UseFormReturn, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ADMIN_MESSAGES, type AdminUser } from '#contract/admin.ts';
import type { Tier } from '#contract/plans.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { errorMessage } from '#web/lib/api-fetch.ts';
import { setServerErrors } from '#web/lib/forms.ts';
import { useUpdateUser } from '../api/users.ts';
import { tierLabel } from '../utils/format.ts';
import { type UserFormValues, formToUserBody, userFieldOf, userFormSchema, userToForm } from '../utils/user-form.ts';

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

type UserFormProps = { user: AdminUser; isSelf: boolean; tierLabels: Partial<Record<Tier, string>> | undefined; onDone: () => void };

function UserForm({ user, isSelf, tierLabels, onDone }: UserFormProps) {
  const id = useId();
  const update = useUpdateUser();
  const form = useForm<UserFormValues>({
    resolver: zodResolver(userFormSchema(user)),
    defaultValues: userToForm(user),
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ id: user.id, body: formToUserBody(values, user) });
      toast.success('Success', { description: ADMIN_MESSAGES.userUpdated });
      onDone();
    } catch (error) {
      setServerErrors(error, form.setError, userFieldOf);
      toast.error('Error', { description: errorMessage(error, 'Failed to update user') });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Edit User</DialogTitle>
        <DialogDescription>
          {user.username} · signed up {new Date(user.createdAt).toLocaleDateString()}
        </DialogDescription>
      </DialogHeader>
      <FormField id={`${id}-name`} label="Name" error={errors.name?.message} hint="Optional: sign-up does not ask for a name.">
        {(control) => <Input {...control} {...form.register('name')} maxLength={100} autoComplete="off" autoFocus />}
      </FormField>
      <FormField id={`${id}-email`} label="Email" error={errors.email?.message}>
        {(control) => <Input {...control} type="email" {...form.register('email')} autoComplete="off" required />}
      </FormField>
      <FormField id={`${id}-subscriptionTier`} label="Subscription" error={errors.subscriptionTier?.message} hint={subscriptionHint(user, tierLabels)}>
        {(control) => (
          <Controller
            control={form.control}
            name="subscriptionTier"
            render={({ field }) => (
              <NativeSelect {...control} {...field} disabled={user.subscription !== null} onChange={(event) => field.onChange(event.target.value as Tier)}>
                {TIERS.map((tier) => (
                  <option key={tier} value={tier}>
                    {tierLabel(tier, tierLabels)}
                  </option>
                ))}
              </NativeSelect>
            )}
          />
        )}
      </FormField>
      <AdminSwitch form={form} id={id} isSelf={isSelf} />
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

/** Admin rights: never one's own (product.md, Admin). */
function AdminSwitch({ form, id, isSelf }: { form: UseFormReturn<UserFormValues>; id: string; isSelf: boolean }) {
  const error = form.formState.errors.isAdmin?.message;
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg border border-border p-3">
      <div className="grid gap-1">
        <label htmlFor={`${id}-isAdmin`} className="text-sm font-medium">
          Administrator
        </label>
        <p id={`${id}-isAdmin-hint`} className="text-xs text-muted-foreground">
          {isSelf ? ADMIN_MESSAGES.ownAdminFlag : 'Admins manage supplements, users and the blog, and cannot be deleted.'}
        </p>
        {error ? <p className="text-sm text-destructive">{error}</p> : null}
      </div>
      <Controller
        control={form.control}
        name="isAdmin"
        render={({ field }) => (
          <Switch id={`${id}-isAdmin`} ref={field.ref} checked={field.value} disabled={isSelf} aria-describedby={`${id}-isAdmin-hint`} onCheckedChange={field.onChange} />
        )}
      />
    </div>
  );
}
