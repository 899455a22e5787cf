import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';
import { RememberOpener, useReturnFocus } from './return-focus.tsx';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

const overlayClass = 'fixed inset-0 z-50 bg-foreground/40 backdrop-blur-[1px]';
const contentClass =
  'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border border-border bg-surface p-6 text-foreground shadow-lg focus:outline-none';

/**
 * A modal dialog (Radix): focus is trapped inside and returns to what opened it, Escape and the
 * close button dismiss it. `hideClose` leaves the corner button out when the dialog has its own.
 */
export function DialogContent({ className, children, hideClose = false, ...props }: ComponentProps<typeof DialogPrimitive.Content> & { hideClose?: boolean }) {
  const { opener, onCloseAutoFocus } = useReturnFocus(props.onCloseAutoFocus);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlayClass} />
      <DialogPrimitive.Content className={cn(contentClass, className)} {...props} onCloseAutoFocus={onCloseAutoFocus}>
        <RememberOpener into={opener} />
        {children}
        {hideClose ? null : (
          <DialogPrimitive.Close className="absolute top-4 right-4 rounded-md p-1 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring">
            <X aria-hidden="true" className="size-4" />
            <span className="sr-only">Close</span>
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/**
 * Radix puts an invisible, focusable span at each end of the page while any of its dialogs is
 * open, for a modal's focus trap to catch focus coming from outside the page. Beside a non-modal
 * panel nothing catches it, and Tab stopped on nothing at the start and the end of the page. Out of
 * the Tab order they change nothing for a modal opened on top: its trap wraps Tab itself and
 * brings back focus that lands outside. Returns the way to stop watching.
 */
function untabFocusGuards(): () => void {
  const untab = () => {
    for (const guard of document.querySelectorAll<HTMLElement>('body > [data-radix-focus-guard]')) guard.tabIndex = -1;
  };
  untab();
  // Radix adds its guards after the panel is in the page, and new ones whenever every dialog has closed.
  const observer = new MutationObserver(untab);
  observer.observe(document.body, { childList: true });
  return () => observer.disconnect();
}

/**
 * Radix wraps Tab around inside every dialog, modal or not: from the panel's last control Tab went
 * back to its first, and Shift+Tab never left it for the page. Tab is kept from Radix's handler
 * (React listens further up the page, so this listener on the panel runs first), and the browser
 * moves focus in and out of the panel as it does everywhere else. Returns the way to stop.
 */
function letTabLeave(panel: HTMLElement): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Tab') event.stopPropagation();
  };
  panel.addEventListener('keydown', onKeyDown);
  return () => panel.removeEventListener('keydown', onKeyDown);
}

function keepPanelNonModal(panel: HTMLDivElement | null) {
  if (!panel) return;
  const stops = [untabFocusGuards(), letTabLeave(panel)];
  return () => {
    for (const stop of stops) stop();
  };
}

/**
 * A non-modal dialog docked to the bottom corner: the page stays usable behind it and it does not
 * take focus when it appears, and Tab moves in and out of it as through the rest of the page. Use it
 * with `<Dialog modal={false}>` for a prompt the user may ignore; Escape and the close button
 * dismiss it, clicks elsewhere do not.
 */
export function DialogPanel({ className, children, ...props }: Omit<ComponentProps<typeof DialogPrimitive.Content>, 'ref'>) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Content
        onOpenAutoFocus={(event) => event.preventDefault()}
        onInteractOutside={(event) => event.preventDefault()}
        className={cn(
          'fixed right-4 bottom-4 left-4 z-40 grid max-h-[calc(100dvh-6rem)] gap-4 overflow-y-auto rounded-xl border border-border bg-surface p-5 text-foreground shadow-xl focus:outline-none sm:left-auto sm:w-96',
          className,
        )}
        {...props}
        ref={keepPanelNonModal}
      >
        {children}
        <DialogPrimitive.Close className="absolute top-3 right-3 rounded-md p-1 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring">
          <X aria-hidden="true" className="size-4" />
          <span className="sr-only">Close</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 pr-6', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg leading-tight font-semibold', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />;
}
