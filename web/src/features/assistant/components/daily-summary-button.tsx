import { ScrollText } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '#web/components/ui/button.tsx';
import { errorMessage } from '#web/lib/api-fetch.ts';
import { useWriteDailySummary } from '../api/daily-summary.ts';

/**
 * "Write a daily summary": the assistant summarises a day that has logs and stores it as the
 * day's "Daily Summary". Offered only while the day has none; `onWritten` refreshes the day so
 * its badge appears.
 */
export function DailySummaryButton({ date, onWritten }: { date: string; onWritten: () => void }) {
  const write = useWriteDailySummary();
  const onClick = () =>
    write.mutate(date, {
      onSuccess: () => {
        toast.success('Your daily summary is ready.');
        onWritten();
      },
      onError: (error) => toast.error(errorMessage(error, 'The daily summary could not be written. Please try again.')),
    });
  return (
    <Button variant="outline" size="sm" onClick={onClick} disabled={write.isPending}>
      <ScrollText aria-hidden="true" />
      {write.isPending ? 'Writing the summary...' : 'Write a daily summary'}
    </Button>
  );
}
