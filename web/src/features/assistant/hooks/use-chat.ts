import { useCallback, useEffect, useLayoutEffect, useReducer, useRef } from 'react';
import { type ChatPath, streamChat } from '../api/stream-chat.ts';
import { type ChatEntry, type ChatState, chatReducer, initialChatState, isInProgress, requestMessages } from '../utils/chat-state.ts';

export type ChatOptions = {
  path: ChatPath;
  /** The user's lab units, sent with every question so the answer's lab values match the labs page. */
  labUnits?: 'conventional' | 'si' | undefined;
  /** Called once per question that got a whole answer (the dashboard saves it). */
  onAnswered?: (exchange: [ChatEntry, ChatEntry]) => void;
};

/**
 * One conversation with the assistant: the state machine of product.md, Assistant driven by the
 * streaming client. Leaving the page or clearing the chat aborts the request in flight, so the
 * server stops generating an answer nobody will read.
 */
export function useChat({ path, labUnits, onAnswered }: ChatOptions) {
  const [state, dispatch] = useReducer(chatReducer, initialChatState);
  // The latest state and callback for `send`, which must not change identity on every chunk.
  const stateRef = useRef<ChatState>(state);
  const onAnsweredRef = useRef(onAnswered);
  const labUnitsRef = useRef(labUnits);
  useLayoutEffect(() => {
    stateRef.current = state;
    onAnsweredRef.current = onAnswered;
    labUnitsRef.current = labUnits;
  });
  const controllerRef = useRef<AbortController | null>(null);

  useEffect(() => () => controllerRef.current?.abort(), []);

  const send = useCallback(
    (input: string): boolean => {
      const current = stateRef.current;
      const question = input.trim();
      if (question === '' || isInProgress(current)) return false;
      const messages = requestMessages(current.messages, question);
      const request = current.request + 1;
      // The ref moves on at once, so a second press before React re-renders sends nothing.
      stateRef.current = chatReducer(current, { type: 'send', content: question });
      dispatch({ type: 'send', content: question });

      const controller = new AbortController();
      controllerRef.current = controller;
      let answer = '';
      void streamChat({
        path,
        messages,
        labUnits: labUnitsRef.current,
        signal: controller.signal,
        onText: (text) => {
          answer += text;
          dispatch({ type: 'chunk', request, text });
        },
      }).then((outcome) => {
        if (controllerRef.current === controller) controllerRef.current = null;
        if (outcome.status === 'aborted') return;
        if (outcome.status === 'failed') {
          dispatch({ type: 'fail', request, failure: outcome.failure });
          return;
        }
        dispatch({ type: 'finish', request });
        if (answer.trim() !== '') onAnsweredRef.current?.([{ role: 'user', content: question }, { role: 'assistant', content: answer }]);
      });
      return true;
    },
    [path],
  );

  const clear = useCallback(() => {
    controllerRef.current?.abort();
    controllerRef.current = null;
    stateRef.current = chatReducer(stateRef.current, { type: 'clear' });
    dispatch({ type: 'clear' });
  }, []);

  /** Earlier questions and answers, shown in a chat nobody has used yet (the Ask page after a reload). */
  const restore = useCallback((messages: ChatEntry[]) => {
    stateRef.current = chatReducer(stateRef.current, { type: 'restore', messages });
    dispatch({ type: 'restore', messages });
  }, []);

  return { state, send, clear, restore };
}
