import type { ComponentProps } from 'react';
import type { User } from '#contract/auth.ts';
import { displayNameFor, initialsFor } from './initials.ts';

/**
 * The avatar button that opens the account menu (spec section 2, screen 2), drawn the same before
 * and after the menu's code has loaded (site-header.tsx) and used as the menu's trigger.
 */
export function AccountButton({ user, ...props }: { user: Pick<User, 'name' | 'username'> } & ComponentProps<'button'>) {
  return (
    <button
      type="button"
      aria-label={`Account menu: ${displayNameFor(user)}`}
      className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      {...props}
    >
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary">
        {initialsFor(user)}
      </span>
    </button>
  );
}
