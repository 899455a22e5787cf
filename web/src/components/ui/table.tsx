import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { type ComponentProps, type RefObject, useEffect, useRef, useState } from 'react';
import { cn } from '#web/lib/cn.ts';

/**
 * A data table that scrolls sideways inside its card on narrow screens instead of overflowing the
 * page. The wrapper is positioned so that it also clips visually hidden (absolute) labels in cells.
 * While it scrolls, the wrapper takes focus (named by `label`) so that keyboard users can scroll it
 * with the arrows.
 */
export function Table({ className, label = 'Table, scrolls sideways', ...props }: ComponentProps<'table'> & { label?: string }) {
  const wrapper = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(wrapper);
  return (
    <div
      ref={wrapper}
      className="relative w-full overflow-x-auto rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      {...(scrolls ? { tabIndex: 0, role: 'group', 'aria-label': label } : {})}
    >
      <table className={cn('w-full caption-bottom border-collapse text-sm', className)} {...props} />
    </div>
  );
}

function useScrollsSideways(ref: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const check = () => setScrolls(element.scrollWidth > element.clientWidth);
    const observer = new ResizeObserver(check);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    check();
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return <th scope="col" className={cn('h-10 border-b border-border px-3 text-left align-middle text-xs font-medium whitespace-nowrap text-muted-foreground uppercase', className)} {...props} />;
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('border-b border-border px-3 py-3 align-top', className)} {...props} />;
}

/** A column header that sorts: the button says what it does, `aria-sort` says how it is sorted now. */
export function SortableHead({
  label,
  active,
  order,
  onSort,
  className,
}: {
  label: string;
  active: boolean;
  order: 'asc' | 'desc';
  onSort: () => void;
  className?: string;
}) {
  const Icon = !active ? ArrowUpDown : order === 'asc' ? ArrowUp : ArrowDown;
  return (
    <TableHead aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'} className={className}>
      <button
        type="button"
        onClick={onSort}
        className="-mx-1 inline-flex items-center gap-1 rounded px-1 uppercase hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        {label}
        <Icon aria-hidden="true" className={cn('size-3.5', !active && 'opacity-50')} />
        <span className="sr-only">{active ? `, sorted ${order === 'asc' ? 'ascending' : 'descending'}; select to reverse` : ', select to sort'}</span>
      </button>
    </TableHead>
  );
}
