import type { ComponentProps } from 'react';
import type { User } from '#contract/auth.ts';
import { displayNameFor, initialsFor } from './initials.ts';

/**
 * The avatar button that opens the account menu (product.md, Accounts), drawn the same before
 * and after the menu's code has loaded (site-header.tsx) and used as the menu's trigger.
 */
export function AccountButton({ user, ...props }: { user: Pick<User, 'name' | 'username'> } & ComponentProps<'button'>) {
  const initials = initialsFor(user);
  return (
    <button
      type="button"
      // Starts with the initials it shows, so that a voice-control user can say what they see (WCAG 2.5.3).
      aria-label={`${initials}, account menu: ${displayNameFor(user)}`}
      className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      {...props}
    >
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary">
        {initials}
      </span>
    </button>
  );
}
