import { Search } from 'lucide-react';
import { cn } from '#web/lib/cn.ts';
import { Input } from './input.tsx';

type SearchInputProps = {
  /** The accessible name, saying what is searched. */
  label: string;
  placeholder: string;
  value: string;
  onSearch: (value: string) => void;
  className?: string;
};

/** A search box with its magnifier icon, as the admin tables use it. */
export function SearchInput({ label, placeholder, value, onSearch, className }: SearchInputProps) {
  return (
    <div className={cn('relative w-full', className)}>
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onSearch(event.target.value)}
        className="pl-9"
      />
    </div>
  );
}
