import { CircleAlert, MessageCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Link } from 'react-router';
import type { User } from '#contract/auth.ts';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { useLabUnits } from '#web/lib/lab-units.ts';
import { useClearQueryHistory, useQueryHistory } from '../api/query-history.ts';
import { useChat } from '../hooks/use-chat.ts';
import { askErrorText } from '../utils/chat-failure.ts';
import { historyMessages, isInProgress } from '../utils/chat-state.ts';
import { ChatBubble, ChatComposer, ChatLog, useStickToBottom, userLabel } from './chat-parts.tsx';
import { UsageLimitNotice } from './usage-limit-notice.tsx';

/** Questions the assistant answers from a user's own records (and, signed out, in general). */
const PERSONAL_EXAMPLES = [
  'What am I taking, and how much?',
  'How is my vitamin D doing since I started taking it?',
  'Which of my lab results are out of range?',
  'How did I feel on days I took magnesium?',
];
const GENERAL_EXAMPLES = ['What is vitamin D for, and what is its upper limit?', 'What is magnesium for?', 'What is the upper limit for zinc?'];

function Welcome({ signedIn, onPick }: { signedIn: boolean; onPick: (question: string) => void }) {
  const examples = signedIn ? PERSONAL_EXAMPLES : GENERAL_EXAMPLES;
  return (
    <div className="flex flex-col items-center gap-4 px-2 py-8 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <MessageCircle aria-hidden="true" className="size-6" />
      </span>
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">Welcome! What would you like to know?</h2>
        <p className="max-w-md text-sm text-muted-foreground">
          {signedIn ? (
            'Ask about your supplements, your streak, your lab results and how you have been feeling. Answers come from what you have logged.'
          ) : (
            <>
              Ask about supplements and nutrients in general.{' '}
              <Link to="/auth?login=true" className="font-medium text-primary hover:underline">
                Log in
              </Link>{' '}
              for answers from your own stack and lab results.
            </>
          )}
        </p>
      </div>
      <ul className="flex flex-wrap justify-center gap-2" aria-label="Example questions">
        {examples.map((question) => (
          <li key={question}>
            <button
              type="button"
              onClick={() => onPick(question)}
              className="rounded-full border border-border bg-surface px-3 py-1.5 text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              {question}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The Ask page's chat (product.md, Assistant): anyone may ask; a signed-in user's answers draw on their own
 * records. Sending appends the question and an answer that fills as text streams in; a
 * limit-reached reply shows the usage-limit notice instead (product.md, Assistant, "Ask chat").
 */
export function AskChat({ user }: { user: User | null }) {
  const [labUnits] = useLabUnits(user);
  const { state, send, clear, restore } = useChat({ path: '/api/query', labUnits });
  // product.md, Assistant: a signed-in user's earlier questions come back after a reload.
  const history = useQueryHistory(user !== null);
  const clearHistory = useClearQueryHistory();
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current || !history.isFetchedAfterMount || !history.data) return;
    restored.current = true;
    if (history.data.length > 0) restore(historyMessages(history.data));
  }, [history.data, history.isFetchedAfterMount, restore]);
  const [input, setInput] = useState('');
  const textareaRef = useRef<HTMLTextAreaElement | null>(null);
  const busy = isInProgress(state);
  const scrollRef = useStickToBottom(state.messages);
  const name = userLabel(user);
  const limit = state.failure?.kind === 'limit' ? state.failure : null;
  const error = state.failure && !limit ? askErrorText(state.failure) : null;

  const onSend = () => {
    if (send(input)) setInput('');
  };
  const onClear = () => {
    // Nothing kept may come back on the next visit: Clear Chat empties the server's history too.
    restored.current = true;
    if (user) {
      clearHistory.mutate(undefined, {
        onError: () => toast.error('Error', { description: 'Your earlier questions could not be cleared. Please try again.' }),
      });
    }
    clear();
    setInput('');
    textareaRef.current?.focus();
  };
  const onPick = (question: string) => {
    setInput(question);
    textareaRef.current?.focus();
  };

  return (
    <Card className="overflow-hidden">
      <div ref={scrollRef} className="h-[55svh] min-h-72 overflow-y-auto p-4 sm:p-6 md:h-[60vh]" tabIndex={0} role="region" aria-label="Chat messages">
        <Conversation state={state} busy={busy} userName={name} signedIn={user !== null} onPick={onPick} />
      </div>
      <CardContent className="grid gap-3 border-t border-border pt-4">
        {error ? (
          <div role="alert" className="flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <p>{error}</p>
          </div>
        ) : null}
        {limit ? <UsageLimitNotice message={limit.message} /> : null}
        <ChatComposer
          value={input}
          onChange={setInput}
          onSend={onSend}
          busy={busy}
          label="Your question"
          placeholder={user ? 'Ask about your supplements, labs or how you feel…' : 'Ask about a supplement or nutrient…'}
          onClear={onClear}
          clearDisabled={state.messages.length === 0 && !state.failure && input === ''}
          textareaRef={textareaRef}
        />
      </CardContent>
    </Card>
  );
}

/** The welcome and example questions before the first question, then the conversation, and "Thinking..." until the answer starts. */
function Conversation({ state, busy, userName, signedIn, onPick }: {
  state: ReturnType<typeof useChat>['state'];
  busy: boolean;
  userName: string;
  signedIn: boolean;
  onPick: (question: string) => void;
}) {
  return (
    <>
      {state.messages.length === 0 && !state.failure ? (
        <Welcome signedIn={signedIn} onPick={onPick} />
      ) : (
        <ChatLog label="Conversation" busy={busy}>
          {state.messages.map((message, index) =>
            // The answer's bubble appears with its first words; until then "Thinking..." shows.
            message.role === 'assistant' && message.content === '' ? null : (
            <ChatBubble
              key={index}
              message={message}
              userName={userName}
              streaming={busy && index === state.messages.length - 1 && message.role === 'assistant'}
            />
            ),
          )}
        </ChatLog>
      )}
      {state.phase === 'sending' ? (
        <div role="status" className="mt-3 flex items-center gap-2 text-sm text-muted-foreground">
          <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-primary/25 border-t-primary" />
          Thinking...
        </div>
      ) : null}
    </>
  );
}
