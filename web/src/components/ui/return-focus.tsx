import { type RefObject, useEffect, useRef, useState } from 'react';

type FocusHandler = (event: Event) => void;

/**
 * Radix gives focus back to its own Trigger when a dialog closes; our dialogs are mostly opened
 * by a plain button through state, so without this focus would fall to the page's start and a
 * keyboard user would lose their place. Put `<RememberOpener>` inside the dialog's content and
 * pass the handler to `onCloseAutoFocus`: focus returns to what had it when the dialog opened,
 * unless that element is gone (then Radix's default applies).
 */
export function useReturnFocus(onCloseAutoFocus: FocusHandler | undefined) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    opener,
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      const element = opener.current;
      if (event.defaultPrevented || !element?.isConnected) return;
      event.preventDefault();
      element.focus();
    },
  };
}

/**
 * Reads the focused element while the dialog's content first renders, before a field inside it
 * takes focus (autoFocus moves focus during the commit, before any effect could look).
 */
export function RememberOpener({ into }: { into: RefObject<HTMLElement | null> }) {
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null));
  useEffect(() => {
    into.current = opener;
  }, [into, opener]);
  return null;
}
