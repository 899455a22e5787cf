import type { QualitativeLog } from '#contract/supplement-logs.ts';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { formatTimeIn } from '#web/lib/local-day.ts';
import { cn } from '#web/lib/cn.ts';
import { parseChatMessages, speakerOf } from '../utils/notes.ts';

function titleOf(log: QualitativeLog): string {
  if (log.type === 'chat') return 'Conversation History';
  if (log.type === 'summary') return 'Daily Summary';
  return 'Note Content';
}

function Conversation({ content }: { content: string }) {
  const messages = parseChatMessages(content);
  // A chat whose JSON cannot be read is shown as plain text (product.md, Tracking).
  if (!messages) return <p className="text-sm whitespace-pre-wrap break-words">{content}</p>;
  return (
    <ol className="grid gap-3">
      {messages.map((message, index) => (
        <li
          key={index}
          className={cn('grid gap-1 rounded-lg p-3 text-sm', message.role === 'user' ? 'bg-secondary' : 'border border-border')}
        >
          <p className="text-xs font-semibold text-muted-foreground">{speakerOf(message.role)}</p>
          <p className="whitespace-pre-wrap break-words">{message.content}</p>
        </li>
      ))}
    </ol>
  );
}

/** One note in full: "Conversation History", "Daily Summary" or "Note Content". */
export function NoteDialog({ log, timeZone, onClose }: { log: QualitativeLog | null; timeZone: string; onClose: () => void }) {
  return (
    <Dialog open={log !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-2xl">
        {log ? (
          <>
            <DialogHeader>
              <DialogTitle>{titleOf(log)}</DialogTitle>
              <DialogDescription>Saved at {formatTimeIn(log.loggedAt, timeZone)}</DialogDescription>
            </DialogHeader>
            {log.type === 'chat' ? (
              <Conversation content={log.content} />
            ) : log.type === 'summary' ? (
              <div className="grid gap-3 text-sm">
                {log.summary ? <p className="font-medium whitespace-pre-wrap break-words">{log.summary}</p> : null}
                {log.content && log.content !== log.summary ? <p className="whitespace-pre-wrap break-words">{log.content}</p> : null}
              </div>
            ) : (
              <p className="text-sm whitespace-pre-wrap break-words">{log.content}</p>
            )}
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
