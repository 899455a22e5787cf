import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '#web/lib/cn.ts';
import { pageItems } from '#web/lib/pagination.ts';
import { buttonVariants } from './button.tsx';

type PaginationProps = {
  page: number;
  totalPages: number;
  /** What the pages are, for screen readers ("Articles", "Users"). */
  label: string;
  className?: string;
} & (
  | { /** Pages as links (public lists: shareable, and Back works). */ hrefFor: (page: number) => string; onPageChange?: never }
  | { /** Pages as buttons (admin tables). */ onPageChange: (page: number) => void; hrefFor?: never }
);

/** Previous, numbered pages with gaps, and Next. Nothing is shown when there is one page. */
export function Pagination({ page, totalPages, label, className, hrefFor, onPageChange }: PaginationProps) {
  if (totalPages <= 1) return null;
  const item = (target: number, content: React.ReactNode, options: { current?: boolean; disabled?: boolean; ariaLabel?: string } = {}) => {
    const classes = cn(buttonVariants({ variant: options.current ? 'default' : 'outline', size: 'sm' }), 'min-w-8');
    if (options.disabled) {
      // A link with nowhere to go: still named for screen readers, which a plain span may not be.
      return (
        <a role="link" aria-disabled="true" className={cn(classes, 'pointer-events-none opacity-50')} aria-label={options.ariaLabel}>
          {content}
        </a>
      );
    }
    const common = { className: classes, 'aria-label': options.ariaLabel, 'aria-current': options.current ? ('page' as const) : undefined };
    return hrefFor ? (
      <Link to={hrefFor(target)} {...common}>
        {content}
      </Link>
    ) : (
      <button type="button" onClick={() => onPageChange?.(target)} {...common}>
        {content}
      </button>
    );
  };
  return (
    <nav aria-label={`${label}: pages`} className={cn('flex justify-center', className)}>
      <ul className="flex flex-wrap items-center gap-1">
        <li>{item(page - 1, <><ChevronLeft aria-hidden="true" /> <span className="hidden sm:inline">Previous</span></>, { disabled: page <= 1, ariaLabel: 'Previous page' })}</li>
        {pageItems(page, totalPages).map((entry, index) =>
          entry === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-muted-foreground">
              …
            </li>
          ) : (
            <li key={entry}>{item(entry, entry, { current: entry === page, ariaLabel: `Page ${entry}` })}</li>
          ),
        )}
        <li>{item(page + 1, <><span className="hidden sm:inline">Next</span> <ChevronRight aria-hidden="true" /></>, { disabled: page >= totalPages, ariaLabel: 'Next page' })}</li>
      </ul>
    </nav>
  );
}
