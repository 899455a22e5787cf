import { Gauge } from 'lucide-react';
import { Link } from 'react-router';
import { CHAT_MESSAGES } from '#contract/assistant-texts.ts';
import { buttonVariants } from '#web/components/ui/button.tsx';

/** The path of Upgrade Plan (product.md, Assistant, "Chat"). */
export const UPGRADE_PATH = '/subscription-page';

/** The Ask page's "Usage Limit Reached" notice: the server's message, else "Daily limit reached". */
export function UsageLimitNotice({ message }: { message: string | null }) {
  return (
    <div role="alert" className="grid gap-3 rounded-lg border border-accent/60 bg-accent/10 p-4 text-sm sm:grid-cols-[auto_1fr_auto] sm:items-center">
      <Gauge aria-hidden="true" className="size-5 text-accent" />
      <div className="grid gap-0.5">
        <p className="font-semibold">{CHAT_MESSAGES.limitTitle}</p>
        <p className="text-muted-foreground">{message ?? CHAT_MESSAGES.limitDefault}</p>
      </div>
      <Link to={UPGRADE_PATH} className={buttonVariants({ size: 'sm' })}>
        Upgrade Plan
      </Link>
    </div>
  );
}
