import { Activity, History, Lightbulb, LogOut, Monitor, Moon, Shield, Sun, UserCog } from 'lucide-react';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import type { User } from '#contract/auth.ts';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#web/components/ui/dropdown-menu.tsx';
import { type ThemeChoice, storeThemeChoice, useThemeChoice } from '#web/lib/theme.ts';
import { useLogout } from '#web/lib/use-logout.ts';
import { AccountButton } from './account-button.tsx';
import { displayNameFor } from './initials.ts';

const THEMES: { value: ThemeChoice; label: string; icon: typeof Sun }[] = [
  { value: 'system', label: 'System', icon: Monitor },
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
];

/** System, light or dark (product.md, Pages): applied at once, and kept for the next visit. */
function ThemeChoices() {
  const labelId = useId();
  const choice = useThemeChoice();
  const choose = (value: string) => {
    const next = THEMES.find((theme) => theme.value === value)?.value;
    if (next) storeThemeChoice(next);
  };
  return (
    <DropdownMenuGroup>
      <DropdownMenuLabel id={labelId} className="text-xs font-medium text-muted-foreground">
        Theme
      </DropdownMenuLabel>
      <DropdownMenuRadioGroup value={choice} onValueChange={choose} aria-labelledby={labelId}>
        {THEMES.map(({ value, label, icon: Icon }) => (
          // Kept open: the page changes behind the menu, and another choice is one tap away.
          <DropdownMenuRadioItem key={value} value={value} onSelect={(event) => event.preventDefault()}>
            <Icon aria-hidden="true" /> {label}
          </DropdownMenuRadioItem>
        ))}
      </DropdownMenuRadioGroup>
    </DropdownMenuGroup>
  );
}

/** The avatar menu of the logged-in header (product.md, Pages); `defaultOpen` when it loaded on a click. */
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
          <DropdownMenuItem onSelect={() => navigate('/insights')}>
            <Lightbulb aria-hidden="true" /> Insights
          </DropdownMenuItem>
          {user.isAdmin ? (
            <DropdownMenuItem onSelect={() => navigate('/admin')}>
              <Shield aria-hidden="true" /> Admin Dashboard
            </DropdownMenuItem>
          ) : null}
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <ThemeChoices />
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={logout.isPending} onSelect={() => logout.mutate()}>
          <LogOut aria-hidden="true" /> Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
