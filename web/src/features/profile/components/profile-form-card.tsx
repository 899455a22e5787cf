import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { type User, emailSchema, usernameSchema } from '#contract/auth.ts';
import { phoneNumberSchema, profileNameSchema } from '#contract/profile.ts';
import { PROFILE_MESSAGES } from '#contract/profile-texts.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { errorMessage, isApiError } from '#web/lib/api-fetch.ts';
import { useUpdateProfile } from '../api/profile.ts';

const profileFormSchema = z.object({
  name: profileNameSchema,
  username: usernameSchema,
  email: emailSchema,
  phoneNumber: phoneNumberSchema,
});
type ProfileFormInput = z.input<typeof profileFormSchema>;
const FIELDS = ['name', 'username', 'email', 'phoneNumber'] as const;

/** The profile form (product.md, Profile and health stats): name, username, e-mail and phone, checked with the contract's rules. */
export function ProfileFormCard({ user }: { user: User }) {
  const id = useId();
  const update = useUpdateProfile();
  const form = useForm<ProfileFormInput, unknown, z.output<typeof profileFormSchema>>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { name: user.name ?? '', username: user.username, email: user.email, phoneNumber: user.phoneNumber ?? '' },
  });
  const { errors, isSubmitting, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await update.mutateAsync(values);
      form.reset({ name: result.user.name ?? '', username: result.user.username, email: result.user.email, phoneNumber: result.user.phoneNumber ?? '' });
      toast.success(PROFILE_MESSAGES.saved, {
        description: result.emailVerificationSent ? `We sent a link to ${result.user.email}. Open it to confirm your new e-mail address.` : undefined,
      });
    } catch (error) {
      toast.error('Error', { description: errorMessage(error, 'Failed to update profile') });
      if (isApiError(error)) {
        for (const detail of error.details) {
          const field = FIELDS.find((name) => name === detail.field);
          if (field) form.setError(field, { type: 'server', message: detail.message });
        }
      }
    }
  });

  return (
    <Card id="profile-form">
      <CardHeader>
        <CardTitle>Profile</CardTitle>
        <CardDescription>Your name and how to reach you.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormField
            id={`${id}-name`}
            label="Name"
            error={errors.name?.message}
            hint="Use the name on your medical documents, so that uploaded lab reports match you."
          >
            {(control) => <Input {...control} autoComplete="name" maxLength={100} {...form.register('name')} />}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id={`${id}-username`} label="Username" error={errors.username?.message}>
              {(control) => <Input {...control} autoComplete="username" maxLength={50} {...form.register('username')} />}
            </FormField>
            <FormField id={`${id}-email`} label="Email" error={errors.email?.message}>
              {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
            </FormField>
          </div>
          <FormField id={`${id}-phone`} label="Phone number (optional)" error={errors.phoneNumber?.message}>
            {(control) => <Input {...control} type="tel" autoComplete="tel" inputMode="tel" {...form.register('phoneNumber')} />}
          </FormField>
          <div className="flex justify-end">
            <Button type="submit" disabled={isSubmitting || !isDirty}>
              {isSubmitting ? 'Saving...' : 'Save Profile'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
