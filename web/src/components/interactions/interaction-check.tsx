import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts';
import { InteractionList } from './interaction-list.tsx';

/**
 * In the Add Supplement and Add Medication dialogs: what adding this name would bring up with the
 * rest of the stack and the user's allergies. It informs only; the Add button stays as it is.
 */
export function InteractionCheck({ name, kind }: { name: string; kind: 'supplement' | 'medication' }) {
  const settled = useDebouncedValue(name.trim(), 400);
  const check = useQuery({
    queryKey: ['supplements', 'interactions', 'check', kind, settled.toLowerCase()],
    queryFn: ({ signal }) => api('POST /api/interactions/check', { body: { name: settled, kind }, signal }),
    enabled: settled.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  if (settled.length < 2 || !check.data) return null;
  return (
    <div aria-live="polite">
      <InteractionList report={check.data} title="Before you add this" />
    </div>
  );
}
