import { zodResolver } from '@hookform/resolvers/zod';
import { Check, Copy, Link2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { type CreateShareBody, SHARE_PART_LABELS, type ShareLink, createShareBodySchema } from '#contract/data-ownership.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage, isApiError } from '#web/lib/api-fetch.ts';
import { sameNames, setServerErrors } from '#web/lib/forms.ts';
import { useCreateShare, useRevokeShare, useShares } from '../api/shares.ts';
import { SHARE_EXPIRY_OPTIONS, SHARE_PART_OPTIONS } from '../utils/data-options.ts';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => dateTime.format(new Date(iso));

type CreatedLink = { url: string; id: string };
const fieldOf = sameNames<CreateShareBody>(['parts', 'expiresInHours', 'label']);

/** Read-only links for a clinician: chosen parts, an expiry, every opening visible, revocable at once. */
export function SharesSection() {
  const id = useId();
  const [created, setCreated] = useState<CreatedLink | null>(null);
  return (
    <section aria-labelledby={`${id}-share`} className="grid gap-4">
      <div>
        <h3 id={`${id}-share`} className="font-semibold">
          Share with a clinician
        </h3>
        <p className="text-sm text-muted-foreground">
          A read-only link to the parts you choose. Whoever has it can open it without signing in until it expires; you can revoke it at any
          time, and you see every time it was opened.
        </p>
      </div>
      <ShareForm created={created} onCreated={setCreated} />
      <ShareLinks onRevoked={(link) => setCreated((current) => (current?.id === link.id ? null : current))} />
    </section>
  );
}

function ShareForm({ created, onCreated }: { created: CreatedLink | null; onCreated: (link: CreatedLink) => void }) {
  const id = useId();
  const create = useCreateShare();
  const form = useForm<CreateShareBody, unknown, z.output<typeof createShareBodySchema>>({
    resolver: zodResolver(createShareBodySchema),
    defaultValues: { parts: ['labs', 'stack'], expiresInHours: 7 * 24, label: '' },
  });
  const { errors } = form.formState;
  const formError = errors.parts?.message ?? errors.expiresInHours?.message ?? errors.root?.message;

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const answer = await create.mutateAsync(body);
      onCreated({ url: answer.url, id: answer.link.id });
      form.resetField('label');
    } catch (error) {
      if (!setServerErrors(error, form.setError, fieldOf)) {
        form.setError('root', { type: 'server', message: errorMessage(error, 'Could not create the link. Please try again.') });
      }
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4 rounded-lg border border-border p-4">
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">What to share</legend>
        {SHARE_PART_OPTIONS.map(({ part, label: partLabel, description }) => (
          <label key={part} className="flex items-start gap-3 text-sm">
            <input type="checkbox" className="mt-0.5 size-4 accent-primary" value={part} {...form.register('parts')} />
            <span>
              <span className="font-medium">{partLabel}</span>
              <span className="block text-muted-foreground">{description}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-expiry`} label="Link works for">
          {(props) => (
            <NativeSelect {...props} {...form.register('expiresInHours', { valueAsNumber: true })}>
              {SHARE_EXPIRY_OPTIONS.map((option) => (
                <option key={option.hours} value={option.hours}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField id={`${id}-label`} label="For (optional)" hint="Only you see this, e.g. Dr. Rivera" error={errors.label?.message}>
          {(props) => <Input {...props} maxLength={80} {...form.register('label')} />}
        </FormField>
      </div>
      {formError ? (
        <p role="alert" className="text-sm text-destructive">
          {formError}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={create.isPending}>
          <Link2 aria-hidden="true" /> {create.isPending ? 'Creating...' : 'Create link'}
        </Button>
      </div>
      {/* Keyed by the link, so a new link starts as not yet copied. */}
      {created ? <NewLink key={created.id} url={created.url} /> : null}
    </form>
  );
}

/** The new link, shown once, with a copy button that falls back to selecting it. */
function NewLink({ url }: { url: string }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const urlInput = useRef<HTMLInputElement>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast.success('Link copied');
    } catch {
      // No clipboard access (an insecure page, a denied permission): select it for the user to copy.
      urlInput.current?.select();
      toast.info('Press Ctrl+C (or Cmd+C) to copy the selected link');
    }
  };

  return (
    <div className="grid gap-2 rounded-md bg-secondary/60 p-3" aria-live="polite">
      <label htmlFor={`${id}-url`} className="text-sm font-medium">
        Your new link
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input ref={urlInput} id={`${id}-url`} readOnly value={url} onFocus={(event) => event.target.select()} className="font-mono text-xs" />
        <Button type="button" variant="outline" onClick={() => void copy()}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />} {copied ? 'Copied' : 'Copy link'}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">Copy it now: we keep only a fingerprint of it, so it cannot be shown again.</p>
    </div>
  );
}

function ShareLinks({ onRevoked }: { onRevoked: (link: ShareLink) => void }) {
  const shares = useShares();
  const revoke = useRevokeShare();

  const onRevoke = (link: ShareLink) => {
    revoke.mutate(link, {
      onSuccess: (answer) => {
        onRevoked(link);
        toast.success('Link revoked', { description: answer.message });
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 404) void shares.refetch();
        toast.error('Error', { description: errorMessage(error, 'Could not revoke the link. Please try again.') });
      },
    });
  };

  return (
    <div>
      <h4 className="mb-2 text-sm font-medium">Your links</h4>
      {shares.isPending ? (
        <Spinner label="Loading your links" />
      ) : shares.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-destructive">
          {errorMessage(shares.error, 'Could not load your links.')}
          <Button size="sm" variant="outline" onClick={() => void shares.refetch()}>
            Retry
          </Button>
        </div>
      ) : shares.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">You have not shared anything yet.</p>
      ) : (
        <ul className="divide-y divide-border" aria-label="Share links">
          {shares.data.map((link) => (
            <ShareLinkRow key={link.id} link={link} onRevoke={onRevoke} revoking={revoke.isPending && revoke.variables?.id === link.id} />
          ))}
        </ul>
      )}
    </div>
  );
}

function ShareLinkRow({ link, onRevoke, revoking }: { link: ShareLink; onRevoke: (link: ShareLink) => void; revoking: boolean }) {
  const name = link.label ?? `Link of ${when(link.createdAt)}`;
  return (
    <li className="grid gap-2 py-3 first:pt-0 last:pb-0 sm:grid-cols-[1fr_auto] sm:items-start">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {name}
          <Badge variant={link.status === 'active' ? 'default' : 'outline'}>{link.status === 'active' ? 'Active' : link.status === 'expired' ? 'Expired' : 'Revoked'}</Badge>
        </p>
        <p className="text-sm text-muted-foreground">{link.parts.map((part) => SHARE_PART_LABELS[part]).join(', ')}</p>
        <p className="text-sm text-muted-foreground">
          {link.status === 'revoked' && link.revokedAt ? `Revoked ${when(link.revokedAt)}` : `${link.status === 'expired' ? 'Expired' : 'Expires'} ${when(link.expiresAt)}`}
          {' · '}
          {link.openCount === 0 ? 'Not opened yet' : `Opened ${link.openCount} ${link.openCount === 1 ? 'time' : 'times'}, last ${when(link.openings[0]!)}`}
        </p>
        {link.openCount > 1 ? (
          <details className="text-sm text-muted-foreground">
            <summary className="cursor-pointer">When it was opened</summary>
            <ul className="mt-1 pl-4">
              {link.openings.map((at) => (
                <li key={at}>{when(at)}</li>
              ))}
              {link.openCount > link.openings.length ? <li>and {link.openCount - link.openings.length} earlier</li> : null}
            </ul>
          </details>
        ) : null}
      </div>
      {link.status === 'active' ? (
        <Button variant="outline" size="sm" disabled={revoking} onClick={() => onRevoke(link)} aria-label={`Revoke ${name}`}>
          {revoking ? 'Revoking...' : 'Revoke'}
        </Button>
      ) : null}
    </li>
  );
}
