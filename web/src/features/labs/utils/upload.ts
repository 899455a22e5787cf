import type { User } from '#contract/auth.ts';
import type { PlanCatalogue } from '#contract/plans.ts';

export type UploadOutcome =
  | { kind: 'done'; uploaded: number }
  /** Stopped at `index`: the files before it went up, it and the rest are still to send. */
  | { kind: 'stopped'; uploaded: number; index: number; error: unknown };

/**
 * product.md, Labs: the files go one at a time, in order; the first failure (a 429 limit or any
 * other) stops the run, so nothing after it is sent behind the user's back.
 */
export async function uploadInOrder<T>(
  files: readonly T[],
  upload: (file: T, index: number) => Promise<unknown>,
  onStart: (index: number) => void = () => {},
  onDone: (index: number) => void = () => {},
): Promise<UploadOutcome> {
  for (let index = 0; index < files.length; index += 1) {
    onStart(index);
    try {
      await upload(files[index]!, index);
    } catch (error) {
      return { kind: 'stopped', uploaded: index, index, error };
    }
    onDone(index);
  }
  return { kind: 'done', uploaded: files.length };
}

export type UploadAllowance =
  /** Lab uploads are not in the plan: the upsell card instead of the widget. */
  | { kind: 'none' }
  | { kind: 'unlimited' }
  | { kind: 'limited'; limit: number; used: number; remaining: number; windowMonths: number };

/**
 * What the user's plan allows (product.md, Labs), from the catalogue and the count the server keeps
 * (`labUploadsCount` covers the plan's rolling window).
 */
export function uploadAllowance(user: Pick<User, 'subscriptionTier' | 'labUploadsCount'>, catalogue: PlanCatalogue): UploadAllowance {
  const { limits } = catalogue.tiers[user.subscriptionTier];
  if (limits.labUploads === null) return { kind: 'unlimited' };
  if (limits.labUploads === 0) return { kind: 'none' };
  const used = Math.max(0, user.labUploadsCount);
  return { kind: 'limited', limit: limits.labUploads, used, remaining: Math.max(0, limits.labUploads - used), windowMonths: limits.labUploadWindowMonths };
}

/** product.md, Labs: blocked when the uploads so far plus the new files would pass the limit. */
export function exceedsAllowance(allowance: UploadAllowance, newFiles: number): boolean {
  if (allowance.kind === 'unlimited') return false;
  if (allowance.kind === 'none') return true;
  return allowance.used + newFiles > allowance.limit;
}

/** "Starter tier is limited to 3 lab uploads per 12 months. Upgrade to Pro for unlimited uploads." */
export function limitText(allowance: Extract<UploadAllowance, { kind: 'limited' }>, tierLabel: string, proLabel: string): string {
  const months = allowance.windowMonths;
  const window = months === 1 ? ' per month' : ` per ${months} months`;
  return `${tierLabel} tier is limited to ${allowance.limit} lab uploads${window}. Upgrade to ${proLabel} for unlimited uploads.`;
}
