import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

/**
 * The keyboard rules of a modal panel (a dialog, the casino game overlay): on open focus moves into
 * the panel (its first form field, else its first focusable element, else the panel), Tab stays
 * inside, Escape calls `onClose`, and focus goes back to where it was when the panel closes.
 * Returns the panel's keydown handler.
 */
export function useModalFocus(panel: RefObject<HTMLElement | null>, onClose: () => void): (event: KeyboardEvent<HTMLElement>) => void {
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const first = panel.current?.querySelector<HTMLElement>('input, select, textarea') ?? panel.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel.current)?.focus();
    return () => previous?.focus?.();
  }, [panel]);

  return (event) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close.current();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) return;
    const [first, last] = [items[0], items[items.length - 1]];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };
}

/**
 * Lock the page's scroll while mounted (a full-screen overlay): the document's overflow is hidden
 * and its previous value put back on unmount, so a page that had its own setting keeps it.
 */
export function useScrollLock(): void {
  useEffect(() => {
    const root = document.documentElement;
    const body = document.body;
    const before = { root: root.style.overflow, body: body.style.overflow };
    root.style.overflow = 'hidden';
    body.style.overflow = 'hidden';
    return () => {
      root.style.overflow = before.root;
      body.style.overflow = before.body;
    };
  }, []);
}
