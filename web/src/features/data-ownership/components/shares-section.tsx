import { Check, Copy, Link2 } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { SHARE_PART_LABELS, type ShareLink, type SharePart } from '#contract/data-ownership.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage, isApiError } from '#web/lib/api-fetch.ts';
import { useCreateShare, useRevokeShare, useShares } from '../api/shares.ts';
import { SHARE_EXPIRY_OPTIONS, SHARE_PART_OPTIONS } from '../utils/data-options.ts';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => dateTime.format(new Date(iso));

/** Read-only links for a clinician: chosen parts, an expiry, every opening visible, revocable at once. */
export function SharesSection() {
  const id = useId();
  const shares = useShares();
  const create = useCreateShare();
  const revoke = useRevokeShare();
  const [parts, setParts] = useState<SharePart[]>(['labs', 'stack']);
  const [hours, setHours] = useState<number>(7 * 24);
  const [label, setLabel] = useState('');
  const [created, setCreated] = useState<{ url: string; id: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const urlInput = useRef<HTMLInputElement>(null);

  const toggle = (part: SharePart, on: boolean) => setParts((current) => (on ? [...current, part] : current.filter((p) => p !== part)));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (parts.length === 0) {
      setFormError('Choose at least one part to share');
      return;
    }
    try {
      const answer = await create.mutateAsync({ parts, expiresInHours: hours, label: label.trim() || null });
      setCreated({ url: answer.url, id: answer.link.id });
      setCopied(false);
      setLabel('');
    } catch (error) {
      setFormError(errorMessage(error, 'Could not create the link. Please try again.'));
    }
  };

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.url);
      setCopied(true);
      toast.success('Link copied');
    } catch {
      // No clipboard access (an insecure page, a denied permission): select it for the user to copy.
      urlInput.current?.select();
      toast.info('Press Ctrl+C (or Cmd+C) to copy the selected link');
    }
  };

  const onRevoke = (link: ShareLink) => {
    revoke.mutate(link, {
      onSuccess: (answer) => {
        if (created?.id === link.id) setCreated(null);
        toast.success('Link revoked', { description: answer.message });
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 404) void shares.refetch();
        toast.error('Error', { description: errorMessage(error, 'Could not revoke the link. Please try again.') });
      },
    });
  };

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

      <form onSubmit={(event) => void onSubmit(event)} className="grid gap-4 rounded-lg border border-border p-4">
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">What to share</legend>
          {SHARE_PART_OPTIONS.map(({ part, label: partLabel, description }) => (
            <label key={part} className="flex items-start gap-3 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-primary"
                checked={parts.includes(part)}
                onChange={(event) => toggle(part, event.target.checked)}
              />
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
              <NativeSelect {...props} value={hours} onChange={(event) => setHours(Number(event.target.value))}>
                {SHARE_EXPIRY_OPTIONS.map((option) => (
                  <option key={option.hours} value={option.hours}>
                    {option.label}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField id={`${id}-label`} label="For (optional)" hint="Only you see this, e.g. Dr. Rivera">
            {(props) => <Input {...props} value={label} maxLength={80} onChange={(event) => setLabel(event.target.value)} />}
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
        {created ? (
          <div className="grid gap-2 rounded-md bg-secondary/60 p-3" aria-live="polite">
            <label htmlFor={`${id}-url`} className="text-sm font-medium">
              Your new link
            </label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input ref={urlInput} id={`${id}-url`} readOnly value={created.url} onFocus={(event) => event.target.select()} className="font-mono text-xs" />
              <Button type="button" variant="outline" onClick={() => void copy()}>
                {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />} {copied ? 'Copied' : 'Copy link'}
              </Button>
            </div>
            <p className="text-xs text-muted-foreground">Copy it now: we keep only a fingerprint of it, so it cannot be shown again.</p>
          </div>
        ) : null}
      </form>

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
    </section>
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
