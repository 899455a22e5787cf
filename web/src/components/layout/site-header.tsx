import { Menu, X } from 'lucide-react';
import { Suspense, useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import type { User } from '#contract/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import { lazyWithPreload, preloadOnIntent } from '#web/lib/lazy-with-preload.ts';
import { useUser } from '#web/lib/session.ts';
import { AccountButton } from './account-button.tsx';
import { Logo } from './logo.tsx';

// The account menu's code (Radix menus) loads when the user reaches for it, not with every page.
const UserMenu = lazyWithPreload(() => import('./user-menu.tsx').then((module) => module.UserMenu));

/** The avatar; the menu behind it is drawn from the first click on, opening at once when it arrives. */
function AccountMenu({ user }: { user: User }) {
  const [wanted, setWanted] = useState(false);
  const button = <AccountButton user={user} onClick={() => setWanted(true)} {...preloadOnIntent(UserMenu.preload)} />;
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <UserMenu user={user} defaultOpen />
    </Suspense>
  );
}

type NavItem = { label: string; to: string; end?: boolean };

/**
 * The top bar's links (product.md, Pages): a signed-in user reaches their own pages from every
 * page; "Learn" is the name the page itself carries. The plan page sends a Pro user home, so
 * their "Plan" is the account card on the profile.
 */
export function navItemsFor(user: Pick<User, 'subscriptionTier'> | null | undefined): NavItem[] {
  const content = [
    { label: 'Learn', to: '/learn' },
    { label: 'Ask', to: '/ask' },
    { label: 'Research', to: '/research' },
    { label: 'About', to: '/about' },
  ];
  if (!user) return [{ label: 'Sign Up', to: '/signup' }, ...content];
  return [
    { label: 'Dashboard', to: '/', end: true },
    { label: 'Labs', to: '/labs' },
    { label: 'History', to: '/supplement-history' },
    { label: 'Plan', to: user.subscriptionTier === 'pro' ? '/profile' : '/subscription' },
    ...content,
  ];
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-muted hover:text-foreground',
    isActive ? 'text-foreground' : 'text-muted-foreground',
  );

/** The public header (Log in button) and the logged-in header (avatar menu), one component. */
export function SiteHeader() {
  const { data: user, isPending } = useUser();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const menuId = useId();
  const items = navItemsFor(user);
  // A signed-in user's eight links fit beside the logo from a laptop's width; below it, the menu button.
  const wide = user ? { shown: 'lg:flex', hidden: 'lg:hidden' } : { shown: 'md:flex', hidden: 'md:hidden' };

  // A new page closes the mobile menu.
  useEffect(() => setMenuOpen(false), [location.pathname]);

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-surface/90 backdrop-blur supports-[backdrop-filter]:bg-surface/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className={cn('ml-4 hidden items-center gap-1', wide.shown)}>
          {items.map((item) => (
            <NavLink key={item.label} to={item.to} end={item.end} className={linkClass}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          {isPending ? null : user ? (
            <AccountMenu user={user} />
          ) : (
            <Button asChild size="sm" className="hidden md:inline-flex">
              <Link to="/auth?login=true">Log in</Link>
            </Button>
          )}
          <Button
            variant="ghost"
            size="icon"
            className={wide.hidden}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X /> : <Menu />}
          </Button>
        </div>
      </div>
      <div id={menuId} hidden={!menuOpen} className={cn('border-t border-border bg-surface', wide.hidden)}>
        <nav aria-label="Mobile" className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3">
          {items.map((item) => (
            <NavLink key={item.label} to={item.to} end={item.end} className={linkClass}>
              {item.label}
            </NavLink>
          ))}
          {!isPending && !user ? (
            <Button asChild className="mt-2">
              <Link to="/auth?login=true">Log in</Link>
            </Button>
          ) : null}
        </nav>
      </div>
    </header>
  );
}
