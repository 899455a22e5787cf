import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, FileText, FlaskConical, Upload, X } from 'lucide-react';
import { type DragEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { User } from '#contract/auth.ts';
import { LAB_MAX_FILES_PER_SELECTION } from '#contract/lab-upload.ts';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Progress } from '#web/components/ui/progress.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage, isApiError } from '#web/lib/api-fetch.ts';
import { cn } from '#web/lib/cn.ts';
import { usePlans } from '#web/lib/plans.ts';
import { usePublicConfig } from '#web/lib/public-config.ts';
import { refreshUser } from '#web/lib/session.ts';
import { PLAN_PAGE_PATH } from '#web/lib/trial-expired.ts';
import { LABS_QUERY_KEY, UPLOAD_FAILED, uploadLabFile } from '../api/lab-files.ts';
import { ACCEPT_ATTRIBUTE, ACCEPTED_FORMATS_TEXT, type Rejection, addToSelection, formatBytes } from '../utils/file-validation.ts';
import { type UploadAllowance, exceedsAllowance, limitText, uploadAllowance, uploadInOrder } from '../utils/upload.ts';

/** product.md, Labs: the upload success toast stays 3 s. */
const SUCCESS_TOAST_MS = 3000;

type Picked = { id: string; file: File; state: 'waiting' | 'uploading' | 'failed'; progress: number; error?: string };

let nextId = 0;

/**
 * Lab Results: the upload widget (product.md, Labs). Files are checked as they are chosen, then sent
 * one request each, in order; the first failure stops the run and keeps that file and the rest
 * in the list. Free users see the upsell card instead.
 */
export function UploadWidget({ user }: { user: User }) {
  const plans = usePlans();
  const catalogue = plans.data?.catalogue;
  const allowance = catalogue ? uploadAllowance(user, catalogue) : undefined;
  if (plans.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Loading your plan" />
      </div>
    );
  }
  if (allowance?.kind === 'none') return <UpsellCard starter={catalogue?.tiers.starter} pro={catalogue?.tiers.pro} />;
  return (
    <UploadArea
      allowance={allowance}
      tierLabel={catalogue?.tiers[user.subscriptionTier].label ?? user.subscriptionTier}
      proLabel={catalogue?.tiers.pro.label ?? 'Pro'}
    />
  );
}

type TierInfo = { label: string; limits: { labUploads: number | null; labUploadWindowMonths: number } };

function UpsellCard({ starter, pro }: { starter: TierInfo | undefined; pro: TierInfo | undefined }) {
  const included = [starter, pro]
    .filter((tier): tier is TierInfo => Boolean(tier) && tier!.limits.labUploads !== 0)
    .map((tier) =>
      tier.limits.labUploads === null
        ? `${tier.label}: unlimited uploads`
        : `${tier.label}: ${tier.limits.labUploads} uploads per ${tier.limits.labUploadWindowMonths === 1 ? 'month' : `${tier.limits.labUploadWindowMonths} months`}`,
    );
  return (
    <Card className="border-primary/30 bg-secondary/40">
      <CardHeader>
        <div className="flex items-center gap-3">
          <span className="flex size-10 items-center justify-center rounded-lg bg-primary text-primary-foreground [&_svg]:size-5">
            <FlaskConical aria-hidden="true" />
          </span>
          <CardTitle>Lab Analysis Feature</CardTitle>
        </div>
        <CardDescription>
          Upload your lab reports and we read the biomarkers from them, so you can follow each one over time beside your supplements.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {included.length > 0 ? <p className="text-sm text-muted-foreground">Included in {included.join('; ')}.</p> : null}
        <p className="text-sm text-muted-foreground">You can still enter results by hand below.</p>
        <Link to={PLAN_PAGE_PATH} className={cn(buttonVariants(), 'w-fit')}>
          Upgrade Now
        </Link>
      </CardContent>
    </Card>
  );
}

type LimitedAllowance = Extract<UploadAllowance, { kind: 'limited' }>;

function UploadArea({ allowance, tierLabel, proLabel }: { allowance: UploadAllowance | undefined; tierLabel: string; proLabel: string }) {
  const limited = allowance?.kind === 'limited' ? allowance : undefined;
  const exhausted = limited !== undefined && limited.remaining === 0;
  const { picked, rejections, uploading, choose, remove, upload } = useLabUpload(limited, tierLabel, proLabel);

  return (
    <div className="grid gap-4">
      <DropZone disabled={uploading || exhausted} onFiles={choose} />
      {limited ? <UploadLimit limited={limited} exhausted={exhausted} tierLabel={tierLabel} proLabel={proLabel} /> : null}
      {rejections.length > 0 ? (
        <ul role="alert" className="grid gap-1 rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm">
          {rejections.map((rejection, index) => (
            <li key={`${rejection.fileName}-${index}`}>
              <span className="font-medium break-all">{rejection.fileName}</span>: {rejection.messages.join('; ')}
            </li>
          ))}
        </ul>
      ) : null}
      {picked.length > 0 ? (
        <div className="grid gap-3">
          <ul className="grid gap-2" aria-label="Files to upload">
            {picked.map((one) => (
              <PickedFile key={one.id} one={one} disabled={uploading} onRemove={() => remove(one.id)} />
            ))}
          </ul>
          <Button className="w-full sm:w-fit" onClick={() => void upload()} disabled={uploading}>
            {uploading ? (
              'Uploading...'
            ) : (
              <>
                <CheckCircle2 aria-hidden="true" /> Upload {picked.length} file(s)
              </>
            )}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** The chosen files, uploaded one at a time in order; the first failure stops the rest and stays shown. */
function useLabUpload(limited: LimitedAllowance | undefined, tierLabel: string, proLabel: string) {
  const queryClient = useQueryClient();
  const config = usePublicConfig();
  const [picked, setPicked] = useState<Picked[]>([]);
  const [rejections, setRejections] = useState<Rejection[]>([]);
  const [uploading, setUploading] = useState(false);

  const choose = (incoming: FileList | null) => {
    if (!incoming || incoming.length === 0) return;
    const { files, rejections: refused } = addToSelection(
      picked.map((one) => one.file),
      [...incoming],
      config.data ? { maxBytes: config.data.labMaxBytes } : {},
    );
    setRejections(refused);
    setPicked((current) => files.map((file) => current.find((one) => one.file === file) ?? { id: `picked-${(nextId += 1)}`, file, state: 'waiting', progress: 0 }));
  };

  const patch = (id: string, change: Partial<Picked>) => setPicked((current) => current.map((one) => (one.id === id ? { ...one, ...change } : one)));
  const remove = (id: string) => setPicked((current) => current.filter((one) => one.id !== id));

  const upload = async () => {
    if (picked.length === 0 || uploading) return;
    if (limited && exceedsAllowance(limited, picked.length)) {
      toastLimitReached(limited, tierLabel, proLabel);
      return;
    }
    setUploading(true);
    setRejections([]);
    const queue = [...picked];
    const outcome = await uploadInOrder(
      queue,
      (one) => uploadLabFile(one.file, { onProgress: (progress) => patch(one.id, { progress }) }),
      (index) => patch(queue[index]!.id, { state: 'uploading', progress: 0, error: undefined }),
      (index) => setPicked((current) => current.filter((one) => one.id !== queue[index]!.id)),
    );
    setUploading(false);
    // Uploaded files show in the list at once; the list keeps polling while they are read.
    void queryClient.invalidateQueries({ queryKey: LABS_QUERY_KEY });
    void refreshUser(queryClient);

    if (outcome.kind === 'done') {
      setPicked([]);
      toastUploaded(outcome.uploaded);
      return;
    }
    const message = errorMessage(outcome.error, UPLOAD_FAILED);
    patch(queue[outcome.index]!.id, { state: 'failed', error: message });
    toastUploadFailed(message, isApiError(outcome.error) && outcome.error.status === 429, proLabel);
  };

  return { picked, rejections, uploading, choose, remove, upload };
}

function toastLimitReached(limited: LimitedAllowance, tierLabel: string, proLabel: string) {
  toast.error('Upload limit reached', {
    description: (
      <>
        {limitText(limited, tierLabel, proLabel)}{' '}
        <Link to={PLAN_PAGE_PATH} className="font-medium underline">
          Upgrade to {proLabel}
        </Link>
      </>
    ),
  });
}

function toastUploaded(count: number) {
  toast.success(`${count} ${count === 1 ? 'file' : 'files'} uploaded`, {
    duration: SUCCESS_TOAST_MS,
    description: (
      <>
        We are reading your results now.{' '}
        <Link to="/" className="font-medium underline">
          Ask about them in the chat
        </Link>
      </>
    ),
  });
}

/** A refused upload over the plan's rate (429) offers the upgrade; any other failure says what went wrong. */
function toastUploadFailed(message: string, rateLimited: boolean, proLabel: string) {
  if (rateLimited) {
    toast.error(message, {
      description: (
        <Link to={PLAN_PAGE_PATH} className="font-medium underline">
          Upgrade to {proLabel}
        </Link>
      ),
    });
    return;
  }
  toast.error('Upload failed', { description: message });
}

/** The drop target around the file input; dropping is ignored while disabled. */
function DropZone({ disabled, onFiles }: { disabled: boolean; onFiles: (files: FileList | null) => void }) {
  const inputId = useId();
  const hintId = useId();
  const [dragging, setDragging] = useState(false);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    onFiles(event.dataTransfer.files);
  };

  return (
    <div
      onDragEnter={(event) => {
        event.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragOver={(event) => event.preventDefault()}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={onDrop}
      className={cn(
        'relative rounded-xl border-2 border-dashed border-input bg-surface transition-colors focus-within:border-ring focus-within:ring-3 focus-within:ring-ring/30',
        dragging && 'border-primary bg-secondary/60',
        disabled && 'opacity-60',
      )}
    >
      <input
        id={inputId}
        type="file"
        multiple
        accept={ACCEPT_ATTRIBUTE}
        className="sr-only"
        aria-describedby={hintId}
        disabled={disabled}
        onChange={(event) => {
          onFiles(event.currentTarget.files);
          // Choosing the same file again after removing it must fire a change.
          event.currentTarget.value = '';
        }}
      />
      <label htmlFor={inputId} className={cn('flex flex-col items-center gap-2 px-6 py-10 text-center', disabled ? 'cursor-not-allowed' : 'cursor-pointer')}>
        <Upload aria-hidden="true" className="size-8 text-primary" />
        <span className="font-medium">Drag &amp; drop lab files here, or click to select</span>
        <span id={hintId} className="text-sm text-muted-foreground">
          Supported formats: {ACCEPTED_FORMATS_TEXT}
          <br />
          Maximum {LAB_MAX_FILES_PER_SELECTION} files per upload
        </span>
      </label>
    </div>
  );
}

/** What is left of a limited allowance, and what to do when nothing is. */
function UploadLimit({ limited, exhausted, tierLabel, proLabel }: { limited: LimitedAllowance; exhausted: boolean; tierLabel: string; proLabel: string }) {
  return (
    <>
      <p className={cn('text-sm', exhausted ? 'text-destructive' : 'text-muted-foreground')}>
        Remaining uploads: {limited.remaining} of {limited.limit}
      </p>
      {exhausted ? (
        <div role="status" className="grid gap-1 rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm">
          <p className="font-medium">Upload limit reached</p>
          <p>
            {limitText(limited, tierLabel, proLabel)}{' '}
            <Link to={PLAN_PAGE_PATH} className="font-medium text-primary underline">
              Upgrade to {proLabel}
            </Link>
          </p>
        </div>
      ) : null}
    </>
  );
}

function PickedFile({ one, disabled, onRemove }: { one: Picked; disabled: boolean; onRemove: () => void }) {
  return (
    <li key={one.id} className="grid gap-2 rounded-lg border border-border bg-surface px-3 py-2">
      <div className="flex items-center gap-3">
        <FileText aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium" title={one.file.name}>
            {one.file.name}
          </span>
          <span className="text-xs text-muted-foreground">{formatBytes(one.file.size)}</span>
        </span>
        {one.state === 'uploading' ? <span className="text-xs text-muted-foreground">Uploading {one.progress}%</span> : null}
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Remove ${one.file.name}`}
          disabled={disabled}
          onClick={onRemove}
        >
          <X aria-hidden="true" />
        </Button>
      </div>
      {one.state === 'uploading' ? <Progress value={one.progress} aria-label={`Uploading ${one.file.name}`} /> : null}
      {one.state === 'failed' && one.error ? (
        <p className="text-sm text-destructive" role="alert">
          {one.error}
        </p>
      ) : null}
    </li>
  );
}
