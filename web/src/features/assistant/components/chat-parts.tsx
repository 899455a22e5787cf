import { Send, Trash2 } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, type ReactNode, type RefObject, Suspense, useEffect, useId, useRef } from 'react';
import { MAX_CHAT_MESSAGE_CHARS } from '#contract/assistant-texts.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { cn } from '#web/lib/cn.ts';
import { lazyWithPreload, preloadOnIntent } from '#web/lib/lazy-with-preload.ts';
import type { ChatEntry } from '../utils/chat-state.ts';

// The Markdown reader (marked) is a fifth of the dashboard's code and nothing on it until an answer comes.
const Markdown = lazyWithPreload(() => import('./markdown.tsx').then((module) => module.Markdown));

/** The assistant's fixed label on every answer (product.md, Assistant). */
export const ASSISTANT_LABEL = 'StackLab Assistant';

/** User messages carry the username when signed in, else "You" (product.md, Assistant). */
export function userLabel(user: { username: string } | null | undefined): string {
  return user?.username ?? 'You';
}

/** One message: the user's as typed, the assistant's as safe Markdown. */
export function ChatBubble({ message, userName, streaming = false, cursor = false }: {
  message: ChatEntry;
  userName: string;
  /** The answer is still arriving: screen readers wait for it to finish. */
  streaming?: boolean;
  /** The dashboard panel shows a cursor while an answer is on its way (product.md, Assistant). */
  cursor?: boolean;
}) {
  const mine = message.role === 'user';
  return (
    <li className={cn('flex', mine ? 'justify-end' : 'justify-start')} data-role={message.role}>
      <div
        className={cn(
          'grid max-w-[min(40rem,90%)] gap-1 rounded-xl px-4 py-3 text-sm',
          mine ? 'bg-primary text-primary-foreground' : 'border border-border bg-surface text-foreground',
        )}
        aria-busy={streaming || undefined}
      >
        <p className={cn('text-xs font-semibold', mine ? 'text-primary-foreground' : 'text-muted-foreground')}>
          {mine ? userName : ASSISTANT_LABEL}
        </p>
        {mine ? (
          <p className="whitespace-pre-wrap break-words">{message.content}</p>
        ) : (
          <div className="flex flex-wrap items-end">
            {message.content ? (
              <Suspense fallback={<p className="min-w-0 flex-1 whitespace-pre-wrap break-words">{message.content}</p>}>
                <Markdown source={message.content} className="min-w-0 flex-1" />
              </Suspense>
            ) : null}
            {cursor ? <TypingCursor /> : null}
          </div>
        )}
      </div>
    </li>
  );
}

function TypingCursor() {
  return (
    <span
      aria-hidden="true"
      data-testid="chat-cursor"
      className="ml-0.5 inline-block h-4 w-2 translate-y-0.5 animate-pulse bg-primary motion-reduce:animate-none"
    />
  );
}

/**
 * Keeps the newest message in view while the answer grows, unless the user scrolled up to read
 * something earlier: they are left where they are.
 */
export function useStickToBottom(messages: readonly unknown[]): RefObject<HTMLDivElement | null> {
  const ref = useRef<HTMLDivElement | null>(null);
  const stuck = useRef(true);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const onScroll = () => {
      stuck.current = element.scrollHeight - element.scrollTop - element.clientHeight < 48;
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, []);
  useEffect(() => {
    const element = ref.current;
    // No messages, nothing to scroll to: reading scrollHeight would force a layout of the whole
    // page while it is first drawn.
    if (element && stuck.current && messages.length > 0) element.scrollTop = element.scrollHeight;
  }, [messages]);
  return ref;
}

/**
 * The question box: Enter sends, Shift+Enter starts a new line (and Enter while an input method
 * is composing a character does neither). Send is disabled while a reply is in progress or the
 * text is blank (product.md, Assistant, "Chat").
 */
export function ChatComposer({ value, onChange, onSend, busy, label, placeholder, inputDisabled = false, onClear, clearDisabled, textareaRef, className }: {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  busy: boolean;
  label: string;
  placeholder: string;
  /** The dashboard disables its input while a reply is in progress (product.md, Assistant). */
  inputDisabled?: boolean;
  onClear?: () => void;
  clearDisabled?: boolean;
  textareaRef?: RefObject<HTMLTextAreaElement | null>;
  className?: string;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const blank = value.trim() === '';
  const nearLimit = value.length > MAX_CHAT_MESSAGE_CHARS - 200;

  const waitingForReader = useRef(false);
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (busy || blank || waitingForReader.current) return;
    // The answer streams in as Markdown from its first word, never as raw text that reflows once the reader arrives.
    waitingForReader.current = true;
    void Markdown.preload()
      .catch(() => undefined)
      .then(() => {
        waitingForReader.current = false;
        onSend();
      });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    // Whoever is about to ask gets the Markdown reader before the answer comes.
    <form onSubmit={submit} className={cn('grid gap-2', className)} {...preloadOnIntent(Markdown.preload)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Textarea
        id={id}
        ref={textareaRef}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={placeholder}
        rows={2}
        maxLength={MAX_CHAT_MESSAGE_CHARS}
        disabled={inputDisabled}
        aria-describedby={hintId}
        className="min-h-16 resize-y"
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={hintId} className="text-xs text-muted-foreground">
          Enter to send, Shift+Enter for a new line
          {nearLimit ? ` · ${value.length}/${MAX_CHAT_MESSAGE_CHARS} characters` : null}
        </p>
        <div className="flex gap-2">
          {onClear ? (
            <Button type="button" variant="outline" onClick={onClear} disabled={clearDisabled}>
              <Trash2 aria-hidden="true" /> Clear Chat
            </Button>
          ) : null}
          <Button type="submit" disabled={busy || blank}>
            <Send aria-hidden="true" /> Send
          </Button>
        </div>
      </div>
    </form>
  );
}

/** The message list: a log that screen readers follow, announcing an answer once it is whole. */
export function ChatLog({ label, busy, children }: { label: string; busy: boolean; children: ReactNode }) {
  return (
    <ol aria-label={label} aria-live="polite" aria-busy={busy} className="grid content-start gap-3">
      {children}
    </ol>
  );
}
