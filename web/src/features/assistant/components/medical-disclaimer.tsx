import { cn } from '#web/lib/cn.ts';

/** Shown beside every chat: answers inform, they do not diagnose or prescribe (product.md, Assistant). */
export function MedicalDisclaimer({ className }: { className?: string }) {
  return (
    <p className={cn('text-xs text-muted-foreground', className)}>
      The assistant gives general information, not medical advice. Talk to a qualified health professional before changing your
      supplements or treatment.
    </p>
  );
}
