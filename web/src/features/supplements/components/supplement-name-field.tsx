import { type ComponentProps, type KeyboardEvent, useEffect, useId, useState } from 'react';
import type { SupplementSuggestion } from '#contract/supplements.ts';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { cn } from '#web/lib/cn.ts';
import { useSupplementSearch } from '../api/supplement-search.ts';
import { suggestionsToOffer } from '../utils/supplement-form.ts';

const SEARCH_DELAY_MS = 200;

function useDebounced(value: string, delay: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

type Props = {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  inputProps?: Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'onBlur' | 'id'>;
};

/**
 * The supplement name: free text with suggestions from the reference database (an ARIA
 * combobox). Suggestions are searched only while the text is not empty; with none found, the
 * typed name is fine as a custom one (product.md, Tracking).
 */
export function SupplementNameField({ value, onChange, onBlur, error, inputProps }: Props) {
  const id = useId();
  const listId = `${id}-suggestions`;
  const statusId = `${id}-status`;
  const errorId = `${id}-error`;
  const box = useSuggestionBox(value, onChange);
  const { open, active, suggestions, showList, hasText, search } = box;

  const describedBy = [error ? errorId : null, statusId].filter(Boolean).join(' ');
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Name</Label>
      <div className="relative">
        <Input
          {...inputProps}
          id={id}
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
          value={value}
          onChange={(event) => box.type(event.target.value)}
          onFocus={() => box.setOpen(true)}
          onBlur={() => {
            box.setOpen(false);
            onBlur?.();
          }}
          onKeyDown={box.onKeyDown}
        />
        {hasText && search.isFetching ? <Spinner label="Searching" className="absolute top-1/2 right-3 -translate-y-1/2 [&>span:first-child]:size-4" /> : null}
        <SuggestionList listId={listId} suggestions={suggestions} active={active} hidden={!showList} onChoose={box.choose} />
      </div>
      <p id={statusId} role="status" className="text-xs text-muted-foreground">
        {box.noMatches
          ? 'No matches found. You can use this custom name.'
          : open && hasText && search.isError
            ? 'Suggestions could not be loaded. You can still type the name.'
            : ''}
      </p>
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The combobox's state: the suggestions for the typed text, whether the list is open, the active one, and the keys that move it. */
function useSuggestionBox(value: string, onChange: (value: string) => void) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebounced(value, SEARCH_DELAY_MS);
  const search = useSupplementSearch(query);
  const hasText = value.trim().length > 0;
  // Spaces around the text change neither the search nor its answer.
  const searchedTyped = query.trim() === value.trim();
  const suggestions: SupplementSuggestion[] = suggestionsToOffer(value, search.data ?? [], searchedTyped && !search.isPlaceholderData);
  const settled = hasText && searchedTyped && !search.isFetching;
  const showList = open && hasText && suggestions.length > 0;
  const noMatches = open && settled && search.isSuccess && suggestions.length === 0;

  const type = (text: string) => {
    onChange(text);
    setOpen(true);
    setActive(-1);
  };

  const choose = (suggestion: SupplementSuggestion) => {
    onChange(suggestion.name);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && suggestions.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp' && suggestions.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index <= 0 ? suggestions.length - 1 : index - 1));
    } else if (event.key === 'Enter' && showList && active >= 0) {
      event.preventDefault();
      choose(suggestions[active]!);
    } else if (event.key === 'Escape' && open) {
      // Closes the list only, not the dialog around it.
      event.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  };

  return { open, setOpen, active, search, hasText, suggestions, showList, noMatches, type, choose, onKeyDown };
}

function SuggestionList({ listId, suggestions, active, hidden, onChoose }: {
  listId: string;
  suggestions: SupplementSuggestion[];
  active: number;
  hidden: boolean;
  onChoose: (suggestion: SupplementSuggestion) => void;
}) {
  return (
    <ul
      id={listId}
      role="listbox"
      aria-label="Suggestions"
      hidden={hidden}
      className="absolute top-full right-0 left-0 z-10 mt-1 max-h-60 overflow-y-auto rounded-md border border-border bg-surface p-1 shadow-lg"
    >
      {suggestions.map((suggestion, index) => (
        <li
          key={suggestion.id}
          id={`${listId}-${index}`}
          role="option"
          aria-selected={index === active}
          // Keeps focus in the input, so blur does not close the list before the click lands.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onChoose(suggestion)}
          className={cn('flex cursor-pointer items-center justify-between gap-3 rounded-sm px-2 py-2 text-sm', index === active ? 'bg-muted' : 'hover:bg-muted')}
        >
          <span className="min-w-0 truncate">{suggestion.name}</span>
          <span className="shrink-0 text-xs text-muted-foreground capitalize">{suggestion.category}</span>
        </li>
      ))}
    </ul>
  );
}
