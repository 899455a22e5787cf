import { NavLink } from 'react-router';
import { cn } from '#web/lib/cn.ts';

const LINKS = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/supplements', label: 'Supplements', end: false },
  { to: '/admin/users', label: 'Users', end: false },
  { to: '/admin/blog', label: 'Blog', end: false },
  { to: '/admin/interactions', label: 'Interactions', end: false },
];

/** The admin screens' own navigation, shown above each of them. */
export function AdminNav() {
  return (
    <nav aria-label="Admin" className="mb-6 overflow-x-auto">
      <ul className="flex w-max gap-1 rounded-lg bg-muted p-1 text-sm">
        {LINKS.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.end}
              className={({ isActive }) =>
                cn(
                  'inline-flex h-8 items-center rounded-md px-3 font-medium text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring',
                  isActive && 'bg-surface text-foreground shadow-sm',
                )
              }
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
