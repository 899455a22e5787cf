import { Bot, CircleAlert, History, MessageCircle } from 'lucide-react';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CHAT_MESSAGES } from '#contract/assistant-texts.ts';
import type { User } from '#contract/auth.ts';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardIcon, CardTitle } from '#web/components/ui/card.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { cn } from '#web/lib/cn.ts';
import { useLabUnits } from '#web/lib/lab-units.ts';
import { useSaveChat } from '../api/save-chat.ts';
import { useChat } from '../hooks/use-chat.ts';
import { dashboardErrorText } from '../utils/chat-failure.ts';
import type { ChatEntry, ChatState } from '../utils/chat-state.ts';
import { isInProgress } from '../utils/chat-state.ts';
import { ASSISTANT_LABEL, ChatBubble, ChatComposer, ChatLog, useStickToBottom, userLabel } from './chat-parts.tsx';
import { MedicalDisclaimer } from './medical-disclaimer.tsx';
import { UPGRADE_PATH } from './usage-limit-notice.tsx';

type SaveStatus = { state: 'idle' } | { state: 'saving' } | { state: 'saved' } | { state: 'failed'; exchange: ChatEntry[] };

function LimitDialog({ open, message, onClose, returnFocusTo }: {
  open: boolean;
  message: string | null;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLTextAreaElement | null>;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          // The dialog opened by itself, not from a button: focus goes back to the message box.
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{CHAT_MESSAGES.dashboardLimitTitle}</DialogTitle>
          <DialogDescription>{message ?? CHAT_MESSAGES.limitDefault}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          <Link to={UPGRADE_PATH} className={buttonVariants()}>
            Upgrade Plan
          </Link>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The dashboard's "Stack Chat Assistant" (product.md, Assistant): idle → sending (input disabled, a
 * cursor shows) → streaming → done, error or timeout. Each question answered in full is saved to
 * today's notes as a chat ("AI Chat" in the history); a usage limit opens the limit dialog.
 */
export function DashboardChatPanel({ user }: { user: User }) {
  const { saveStatus, setSaveStatus, save } = useSaveToHistory();
  const [labUnits] = useLabUnits(user);
  const { state, send, clear } = useChat({ path: '/api/chat', labUnits, onAnswered: save });
  const [input, setInput] = useState('');
  const [limitOpen, setLimitOpen] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement | null>(null);
  const refocus = useRef(false);
  const busy = isInProgress(state);
  const failure = state.failure;
  const titleId = useId();

  // The limit dialog opens when a reply is refused for the limit (product.md, Assistant, "Chat").
  useEffect(() => {
    if (failure?.kind === 'limit') setLimitOpen(true);
  }, [failure]);
  // The input is disabled while a reply arrives; focus goes back to it afterwards.
  useEffect(() => {
    if (!busy && refocus.current) {
      refocus.current = false;
      textareaRef.current?.focus();
    }
  }, [busy]);

  const onSend = () => {
    refocus.current = document.activeElement === textareaRef.current;
    if (send(input)) {
      setInput('');
      setSaveStatus({ state: 'idle' });
    }
  };
  const onClear = () => {
    clear();
    setInput('');
    setSaveStatus({ state: 'idle' });
    textareaRef.current?.focus();
  };

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <div className="flex items-center gap-3">
          <CardIcon>
            <MessageCircle aria-hidden="true" />
          </CardIcon>
          <CardTitle id={titleId}>Stack Chat Assistant</CardTitle>
        </div>
        <CardDescription>How are you feeling?</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <ChatBox messages={state.messages} failure={failure} busy={busy} userName={userLabel(user)} />

        {failure?.kind === 'limit' ? (
          <p className="text-sm text-muted-foreground">
            {CHAT_MESSAGES.dashboardLimitTitle}.{' '}
            <button type="button" className="font-medium text-primary hover:underline" onClick={() => setLimitOpen(true)}>
              Details
            </button>
          </p>
        ) : null}
        <SaveStatusNote status={saveStatus} onRetry={save} />

        <ChatComposer
          value={input}
          onChange={setInput}
          onSend={onSend}
          busy={busy}
          inputDisabled={busy}
          label="Message to the assistant"
          placeholder="How are you feeling today?"
          onClear={onClear}
          clearDisabled={state.messages.length === 0 && !failure && input === ''}
          textareaRef={textareaRef}
        />
        <MedicalDisclaimer />
      </CardContent>
      <LimitDialog open={limitOpen} message={failure?.kind === 'limit' ? failure.message : null} onClose={() => setLimitOpen(false)} returnFocusTo={textareaRef} />
    </Card>
  );
}

/** Each answered question goes to today's notes; a failed save can be tried again. */
function useSaveToHistory() {
  const saveChat = useSaveChat();
  const [saveStatus, setSaveStatus] = useState<SaveStatus>({ state: 'idle' });
  const save = (exchange: ChatEntry[]) => {
    setSaveStatus({ state: 'saving' });
    saveChat.mutateAsync(exchange).then(
      () => setSaveStatus({ state: 'saved' }),
      () => setSaveStatus({ state: 'failed', exchange }),
    );
  };
  return { saveStatus, setSaveStatus, save };
}

function EmptyChat() {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-2 text-center text-sm text-muted-foreground">
      <Bot aria-hidden="true" className="size-8" />
      <p className="max-w-sm">Tell the assistant how you are feeling today, or ask about your supplements, your streak or your lab results.</p>
    </div>
  );
}

/** A failed reply, shown in the conversation where the answer would be. */
function FailureBubble({ text }: { text: string }) {
  return (
    <li className="flex justify-start">
      <div role="alert" className="grid max-w-[min(40rem,90%)] gap-1 rounded-xl border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm">
        <p className="text-xs font-semibold text-muted-foreground">{ASSISTANT_LABEL}</p>
        <p className="flex items-start gap-2 text-destructive">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {text}
        </p>
      </div>
    </li>
  );
}

function SaveStatusNote({ status, onRetry }: { status: SaveStatus; onRetry: (exchange: ChatEntry[]) => void }) {
  return (
    <div aria-live="polite" className="text-xs text-muted-foreground empty:hidden">
      {status.state === 'saved' ? (
        <span className="inline-flex items-center gap-1">
          <History aria-hidden="true" className="size-3.5" />
          <span>
            Saved to your{' '}
            <Link to="/supplement-history" className="font-medium text-primary hover:underline">
              history
            </Link>
            .
          </span>
        </span>
      ) : status.state === 'failed' ? (
        <span className="inline-flex flex-wrap items-center gap-2 text-destructive">
          This conversation could not be saved to your history.
          <Button variant="outline" size="sm" onClick={() => onRetry(status.exchange)}>
            Try again
          </Button>
        </span>
      ) : null}
    </div>
  );
}

/** The conversation, kept scrolled to its end; empty, an invitation. */
function ChatBox({ messages, failure, busy, userName }: { messages: ChatState['messages']; failure: ChatState['failure']; busy: boolean; userName: string }) {
  const scrollRef = useStickToBottom(messages);
  const empty = messages.length === 0 && !failure;
  return (
    <div
      ref={scrollRef}
      data-testid="chat-box"
      className={cn(
        'overflow-y-auto rounded-lg border border-border bg-muted/40 p-3 sm:p-4',
        // Empty, it is an invitation, not a screen of blank space above the rest of the day.
        empty ? 'min-h-32' : 'h-[55svh] min-h-64 md:h-[60vh]',
      )}
      tabIndex={0}
      role="region"
      aria-label="Chat messages"
    >
      {empty ? (
        <EmptyChat />
      ) : (
        <ChatLog label="Conversation with the assistant" busy={busy}>
          {messages.map((message, index) => {
            const last = index === messages.length - 1;
            return (
              <ChatBubble
                key={index}
                message={message}
                userName={userName}
                streaming={busy && last && message.role === 'assistant'}
                cursor={busy && last && message.role === 'assistant'}
              />
            );
          })}
          {failure && failure.kind !== 'limit' ? <FailureBubble text={dashboardErrorText(failure)} /> : null}
        </ChatLog>
      )}
    </div>
  );
}
