import { zodResolver } from '@hookform/resolvers/zod';
import { Mail } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { contactBodySchema, type ContactBody } from '#contract/auth.ts';
import { PageContainer } from '#web/components/layout/page-container.tsx';
import { PageHeader } from '#web/components/layout/page-header.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { isApiError } from '#web/lib/api-fetch.ts';
import { usePublicConfig } from '#web/lib/public-config.ts';
import { useUser } from '#web/lib/session.ts';
import { useSendContact } from '../api/send-contact.ts';

const FIELDS = ['name', 'email', 'message'] as const;

export function ContactPage() {
  const id = useId();
  const { data: user } = useUser();
  const { data: config } = usePublicConfig();
  const send = useSendContact();
  const form = useForm<ContactBody>({
    resolver: zodResolver(contactBodySchema),
    defaultValues: { name: user?.name ?? '', email: user?.email ?? '', message: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await send.mutateAsync(values);
      toast.success('Message sent', { description: result.message });
      form.reset({ ...values, message: '' });
    } catch (error) {
      toast.error('Error', {
        description: isApiError(error) && error.message ? error.message : 'Your message could not be sent. Please try again.',
      });
      if (isApiError(error)) {
        for (const detail of error.details) {
          const field = FIELDS.find((name) => name === detail.field);
          if (field) form.setError(field, { type: 'server', message: detail.message });
        }
      }
    }
  });

  return (
    <PageContainer className="max-w-2xl">
      <PageHeader title="Contact" description="Questions, feedback or a problem with your account? Write to us and we will reply by e-mail." />
      <Card>
        <CardContent className="pt-6">
          <form noValidate onSubmit={onSubmit} className="grid gap-5">
            <div className="grid gap-5 sm:grid-cols-2">
              <FormField id={`${id}-name`} label="Name" error={errors.name?.message}>
                {(control) => <Input {...control} autoComplete="name" {...form.register('name')} />}
              </FormField>
              <FormField id={`${id}-email`} label="Email" error={errors.email?.message}>
                {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
              </FormField>
            </div>
            <FormField id={`${id}-message`} label="Message" error={errors.message?.message}>
              {(control) => <Textarea {...control} rows={6} {...form.register('message')} />}
            </FormField>
            <Button type="submit" className="justify-self-start" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? 'Sending...' : 'Send message'}
            </Button>
          </form>
        </CardContent>
      </Card>
      {config?.supportEmail ? (
        <p className="mt-6 flex items-center gap-2 text-sm text-muted-foreground">
          <Mail aria-hidden="true" className="size-4" />
          Or e-mail us at{' '}
          <a href={`mailto:${config.supportEmail}`} className="font-medium text-primary hover:underline">
            {config.supportEmail}
          </a>
        </p>
      ) : null}
    </PageContainer>
  );
}
