import { Activity, History, LogOut, Shield, UserCog } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { User } from '#contract/auth.ts';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#web/components/ui/dropdown-menu.tsx';
import { useLogout } from '#web/lib/use-logout.ts';
import { AccountButton } from './account-button.tsx';
import { displayNameFor } from './initials.ts';

/** The avatar menu of the logged-in header (spec section 2, screen 2); `defaultOpen` when it loaded on a click. */
export function UserMenu({ user, defaultOpen }: { user: User; defaultOpen?: boolean }) {
  const navigate = useNavigate();
  const logout = useLogout();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <AccountButton user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <p className="truncate font-medium">{displayNameFor(user)}</p>
          <p className="truncate text-xs font-normal text-muted-foreground">{user.email}</p>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          <DropdownMenuItem onSelect={() => navigate('/profile')}>
            <UserCog aria-hidden="true" /> Profile Settings
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => navigate('/health-stats')}>
            <Activity aria-hidden="true" /> Health Stats
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => navigate('/supplement-history')}>
            <History aria-hidden="true" /> Supplement History
          </DropdownMenuItem>
          {user.isAdmin ? (
            <DropdownMenuItem onSelect={() => navigate('/admin')}>
              <Shield aria-hidden="true" /> Admin Dashboard
            </DropdownMenuItem>
          ) : null}
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={logout.isPending} onSelect={() => logout.mutate()}>
          <LogOut aria-hidden="true" /> Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
