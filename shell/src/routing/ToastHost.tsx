import { useEffect, useState, type CSSProperties } from 'react';
import { ToastContainer, toast, type ToastPosition } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS, on } from '@backlay/shared';

/** Screens this narrow are phones: toasts go to the bottom there. */
export const TOAST_PHONE_QUERY = '(max-width: 767px)';
/** Space between the header and a toast below it (px). */
export const TOAST_HEADER_GAP_PX = 8;

/** Where the toasts go, and the container's inline style. */
export interface ToastPlacement {
  position: ToastPosition;
  style?: CSSProperties;
}

/**
 * Toasts never cover the header (its balance and exposure): on a phone they show at the bottom;
 * on a wider screen top-right, starting below the header (`headerBottom`, its bottom edge in page
 * coordinates, or null where there is no header, e.g. the sign-in page).
 */
export function toastPlacement(phone: boolean, headerBottom: number | null): ToastPlacement {
  if (phone) return { position: 'bottom-center' };
  return headerBottom === null ? { position: 'top-right' } : { position: 'top-right', style: { top: headerBottom + TOAST_HEADER_GAP_PX } };
}

/**
 * The placement for the page as it is now. The header is not fixed: it scrolls away with the page
 * and is never lower than its place at the top, so its bottom in page coordinates is the line
 * toasts must stay under.
 */
function currentPlacement(): ToastPlacement {
  const phone = typeof window.matchMedia === 'function' && window.matchMedia(TOAST_PHONE_QUERY).matches;
  const header = document.querySelector('.bl-header');
  const bottom = header ? Math.ceil(header.getBoundingClientRect().bottom + window.scrollY) : null;
  return toastPlacement(phone, bottom);
}

const samePlacement = (a: ToastPlacement, b: ToastPlacement) => a.position === b.position && a.style?.top === b.style?.top;

/**
 * The only place toasts are shown: it turns `ui.notify` bus events into react-toastify toasts,
 * placed (measured when a toast is shown and when the window resizes) so they never cover the header.
 */
export function ToastHost() {
  const [placement, setPlacement] = useState<ToastPlacement>({ position: 'top-right' });
  useEffect(() => {
    const place = () => {
      const next = currentPlacement();
      setPlacement((p) => (samePlacement(p, next) ? p : next));
      return next;
    };
    const sub = on('ui.notify').subscribe(({ kind, message }) => {
      // The toast names its position itself: the container takes the new one only at its next render.
      toast[kind](message, { position: place().position });
    });
    window.addEventListener('resize', place);
    return () => {
      sub.unsubscribe();
      window.removeEventListener('resize', place);
    };
  }, []);
  return <ToastContainer position={placement.position} style={placement.style} autoClose={TOAST_AUTO_CLOSE_MS} />;
}
