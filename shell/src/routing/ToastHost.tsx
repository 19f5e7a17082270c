import { useEffect, useRef, useState, type CSSProperties } from 'react';
import type { ToastPosition } from 'react-toastify';
import { localizeApiMessage, TOAST_AUTO_CLOSE_MS, on, type EventMap } from '@backlay/shared';
import { useShownTheme } from '@backlay/shared/theme';
import { useT } from '../i18n';

type Toastify = typeof import('react-toastify');
type Notice = EventMap['ui.notify'] & { position: ToastPosition };

/**
 * react-toastify (≈9 KB gzip) is loaded with the first toast, not with the page: most first pages
 * show none (ADR 0025, the first-page budget). A failed load is forgotten, so the next toast tries
 * again.
 */
let toastify: Promise<Toastify> | null = null;
function loadToastify(): Promise<Toastify> {
  toastify ??= import(/* webpackChunkName: "toasts" */ 'react-toastify').catch((error: unknown) => {
    toastify = null;
    throw error;
  });
  return toastify;
}

/** Space between the header and a toast below it (px). */
export const TOAST_HEADER_GAP_PX = 8;

/** Where the toasts go, and the container's inline style. */
export interface ToastPlacement {
  position: ToastPosition;
  style?: CSSProperties;
}

/**
 * Toasts show top-right, as SPEC has them, on a phone too (where the library makes them the
 * screen's width), and never cover the header (its balance and exposure): they start below it
 * (`headerBottom`, its bottom edge in page coordinates, or null where there is no header, e.g.
 * the sign-in page).
 */
export function toastPlacement(headerBottom: number | null): ToastPlacement {
  return headerBottom === null ? { position: 'top-right' } : { position: 'top-right', style: { top: headerBottom + TOAST_HEADER_GAP_PX } };
}

/**
 * The placement for the page as it is now. The header is not fixed: it scrolls away with the page
 * and is never lower than its place at the top, so its bottom in page coordinates is the line
 * toasts must stay under.
 */
function currentPlacement(): ToastPlacement {
  const header = document.querySelector('.bl-header');
  const bottom = header ? Math.ceil(header.getBoundingClientRect().bottom + window.scrollY) : null;
  return toastPlacement(bottom);
}

/**
 * The class of a notice: its kind and its message before any detail (the part after ' · '), e.g.
 * every "Bet Placed Successfully", whatever price it was matched at; or its kind and its topic,
 * when it has one (a bet's refusals, whatever their words). At most one toast of a class is on
 * screen, a new one replaces it (issue 33: three "Bet Placed" toasts covered My Bets).
 */
export function toastClass({ kind, message, topic }: Pick<Notice, 'kind' | 'message' | 'topic'>): string {
  return topic !== undefined ? `${kind}#${topic}` : `${kind}:${message.split(' · ')[0] ?? message}`;
}

/** The id of the last toast of each class (`toastClass`) shown on this page. */
const lastOfClass = new Map<string, string>();
let shownCount = 0;

/**
 * Shows a notice, replacing the toast of its class while that one is on screen (its timer starts
 * again). Each toast has an id of its own: once a toast starts to close, the library keeps its
 * id until the exit animation has ended and ignores a new toast with that id, so a bet answered
 * as the last bet's toast closed showed nothing (a CI run's one-click bet). A toast that is
 * closing is left to go, and the new one comes in beside it.
 */
function show(lib: Toastify, { kind, message, topic, position }: Notice): void {
  const cls = toastClass({ kind, message, topic });
  const last = lastOfClass.get(cls);
  if (last !== undefined && lib.toast.isActive(last)) {
    lib.toast.update(last, { render: message, type: kind, position });
    return;
  }
  shownCount += 1;
  const toastId = `${cls}#${shownCount}`;
  lastOfClass.set(cls, toastId);
  lib.toast[kind](message, { toastId, position });
}

/**
 * The document's CSS variable that holds the toasts' bottom edge on the screen (px, with a gap)
 * while a toast is shown, and is unset otherwise: what a toast must never cover and that can move
 * starts below it (My Bets, sticky beside the markets on a wide screen: the shell's stylesheet).
 * The slip's bottom sheet on a phone stays below the toasts by its height (ADR 0057).
 */
export const TOASTS_BOTTOM_VAR = '--bl-toasts-bottom';

/** Sets (or unsets) TOASTS_BOTTOM_VAR from the toasts on screen now. */
export function markToastsBottom(): void {
  const root = document.documentElement;
  const containers = [...document.querySelectorAll('.Toastify__toast-container')].filter((c) => c.querySelector('.Toastify__toast'));
  if (containers.length === 0) {
    root.style.removeProperty(TOASTS_BOTTOM_VAR);
    return;
  }
  const bottom = Math.max(...containers.map((c) => c.getBoundingClientRect().bottom));
  root.style.setProperty(TOASTS_BOTTOM_VAR, `${Math.ceil(bottom) + TOAST_HEADER_GAP_PX}px`);
}

/**
 * react-toastify names each toast's progress bar "notification timer", in English, with no prop to
 * change it: the bars on screen get `label`, the page's word (React leaves an attribute it did not
 * change alone, so the name stays until the bar is drawn anew, and the next change names it again).
 */
export function labelToastTimers(label: string): void {
  for (const bar of document.querySelectorAll('.Toastify__progress-bar[role="progressbar"]')) {
    if (bar.getAttribute('aria-label') !== label) bar.setAttribute('aria-label', label);
  }
}

const samePlacement = (a: ToastPlacement, b: ToastPlacement) => a.position === b.position && a.style?.top === b.style?.top;

/**
 * The only place toasts are shown: it turns `ui.notify` bus events into react-toastify toasts,
 * placed (measured when a toast is shown and when the window resizes) so they never cover the header,
 * at most one per class (`toastClass`); while toasts are shown their bottom edge is TOASTS_BOTTOM_VAR.
 * Until the library has loaded (at the first toast) the toasts wait in order, then show at once.
 */
export function ToastHost() {
  const [placement, setPlacement] = useState<ToastPlacement>({ position: 'top-right' });
  const [lib, setLib] = useState<Toastify | null>(null);
  const waiting = useRef<Notice[]>([]);
  const libRef = useRef<Toastify | null>(null);
  const timerLabel = useRef('');
  useEffect(() => {
    let live = true;
    const place = () => {
      const next = currentPlacement();
      setPlacement((p) => (samePlacement(p, next) ? p : next));
      return next;
    };
    const sub = on('ui.notify').subscribe(({ kind, message }) => {
      // The toast names its position itself: the container takes the new one only at its next render.
      const notice: Notice = { kind, message: localizeApiMessage(message), position: place().position };
      if (libRef.current) {
        show(libRef.current, notice);
        return;
      }
      waiting.current.push(notice);
      loadToastify().then(
        (loaded) => {
          if (live) setLib(loaded);
        },
        () => undefined,
      );
    });
    window.addEventListener('resize', place);
    return () => {
      live = false;
      sub.unsubscribe();
      window.removeEventListener('resize', place);
    };
  }, []);
  useEffect(() => {
    // The container (a child) has mounted in this same commit: the waiting toasts can go to it now.
    if (!lib) return undefined;
    libRef.current = lib;
    // Each toast added, updated or removed: measure the toasts once the container has drawn it.
    let frame = 0;
    const off = lib.toast.onChange(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        markToastsBottom();
        labelToastTimers(timerLabel.current);
      });
    });
    for (const notice of waiting.current.splice(0)) show(lib, notice);
    return () => {
      off();
      cancelAnimationFrame(frame);
      document.documentElement.style.removeProperty(TOASTS_BOTTOM_VAR);
    };
  }, [lib]);
  // The toasts in the page's theme (ADR 0077) and language: the library's own labels are English.
  const theme = useShownTheme();
  const t = useT();
  const timerWord = t('toast.timer');
  useEffect(() => {
    // Bars drawn from now on get it at the next change; those on screen now (a switch of language) at once.
    timerLabel.current = timerWord;
    labelToastTimers(timerWord);
  }, [timerWord]);
  if (!lib) return null;
  const closeLabel = t('toast.close');
  return (
    <lib.ToastContainer
      position={placement.position}
      style={placement.style}
      autoClose={TOAST_AUTO_CLOSE_MS}
      theme={theme}
      aria-label={t('toast.region', { hotkey: 'Alt+T' })}
      closeButton={({ closeToast, theme: shown }) => (
        // The library's close button (its classes and cross), with a label in the page's language.
        <button
          type="button"
          className={`Toastify__close-button Toastify__close-button--${shown}`}
          aria-label={closeLabel}
          onClick={(event) => {
            event.stopPropagation();
            closeToast(true);
          }}
        >
          <svg aria-hidden="true" viewBox="0 0 14 16">
            <path fillRule="evenodd" d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z" />
          </svg>
        </button>
      )}
    />
  );
}
