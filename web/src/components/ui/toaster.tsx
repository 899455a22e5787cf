import { type ComponentProps, useEffect, useRef } from 'react';
import { Toaster as SonnerToaster } from 'sonner';

/**
 * Sonner's toaster, with Tab passing through the toasts.
 *
 * Sonner remembers what had focus before its list and focuses it again as soon as focus leaves
 * the list. That suits its hotkey (F8 focuses the list; leaving it goes back to where the user
 * was), but Tab reaches the toasts too, after the footer and before the dialogs portalled to the
 * end of the page, and there it made a loop: Tab out of a toast put focus back on the element
 * before it. While a toast showed, Tab went round the footer and the toast and never reached the
 * docked profile prompt, and Shift+Tab could not get back from the prompt.
 *
 * So when focus comes to a toast from elsewhere (Tab, Shift+Tab, a click; not the hotkey, which
 * focuses the list itself), sonner is not told where it came from and has nothing to send it back
 * to. We keep that element for one case: a toast closing while it has focus, when focus would
 * otherwise fall to the start of the page.
 */
export function Toaster(props: ComponentProps<typeof SonnerToaster>) {
  const region = useRef<HTMLElement>(null);
  useEffect(() => {
    const section = region.current;
    if (!section) return;
    let cameFrom: HTMLElement | null = null;
    const inside = (target: EventTarget | null) => target instanceof Node && section.contains(target);

    // Capture on the region runs before React's listener at the root, where sonner reads relatedTarget.
    const onFocusIn = (event: FocusEvent) => {
      if (!(event.target instanceof Element) || inside(event.relatedTarget)) return;
      if (event.target.matches('[data-sonner-toaster]')) return;
      cameFrom = event.relatedTarget instanceof HTMLElement ? event.relatedTarget : null;
      Object.defineProperty(event, 'relatedTarget', { value: null });
    };
    const onFocusOut = (event: FocusEvent) => {
      if (inside(event.relatedTarget)) return;
      const origin = cameFrom;
      cameFrom = null;
      const left = event.target;
      if (event.relatedTarget || !origin || !(left instanceof Element)) return;
      // The browser reports a focused element leaving the page as a focusout with nowhere to go;
      // by the microtask the element is gone, unlike a click on nothing or leaving the window.
      queueMicrotask(() => {
        const lost = document.activeElement === null || document.activeElement === document.body;
        if (lost && !left.isConnected && origin.isConnected) origin.focus({ preventScroll: true });
      });
    };
    section.addEventListener('focusin', onFocusIn, true);
    section.addEventListener('focusout', onFocusOut, true);
    return () => {
      section.removeEventListener('focusin', onFocusIn, true);
      section.removeEventListener('focusout', onFocusOut, true);
    };
  }, []);
  return <SonnerToaster ref={region} {...props} />;
}
