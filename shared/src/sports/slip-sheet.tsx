import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useSharedT } from '../i18n/shared-catalog';
import { PHONE_QUERY, useMediaQuery } from '../ui/media';

/** The class the document's root carries while a slip sheet is open: the page makes room for it at its foot. */
export const SLIP_SHEET_OPEN_CLASS = 'bl-slip-sheet-open';

/**
 * Where every bet slip (the sports odds page's, the casino table's) is shown (issue 33, ADR 0057).
 * On a wide screen the slip stays inline under its market, as the page puts it (the host and its
 * body have no box of their own: `display: contents`). On a phone (PHONE_QUERY) it is a bottom sheet fixed to the
 * foot of the screen: a non-modal dialog named by the selection (`label`, e.g. "Back India"), with
 * a Close control; the slip's body scrolls inside the sheet when it is taller than the sheet, and
 * its Cancel and Place Bet stay in view (the shell's .bl-slip-sheet styles). Focus moves into the
 * sheet when it opens, Escape and Close call `onClose`, and focus goes back to the price that
 * opened it when it closes (unless the player has moved it elsewhere, e.g. to another price).
 * The page behind stays usable: another price can be tapped while the sheet is open.
 *
 * The page gives the sheet a `key` per selection, so a new selection is a new sheet (its opener
 * is the price just tapped).
 */
export function SlipSheet({ label, onClose, children }: { label: string; onClose: () => void; children: ReactNode }) {
  const phone = useMediaQuery(PHONE_QUERY);
  const t = useSharedT();
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  // The element focused when the sheet is first rendered: the price the player tapped.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null)));

  useEffect(() => {
    if (!phone) return undefined;
    const root = document.documentElement;
    root.classList.add(SLIP_SHEET_OPEN_CLASS);
    // The sheet is fixed to the screen: focusing it must not scroll the page the player is reading.
    panel.current?.focus({ preventScroll: true });
    const sheet = panel.current;
    return () => {
      root.classList.remove(SLIP_SHEET_OPEN_CLASS);
      const now = document.activeElement;
      const focusLeftWithSheet = now === null || now === document.body || (sheet !== null && sheet.contains(now));
      if (focusLeftWithSheet && opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [phone, opener]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!phone || event.key !== 'Escape') return;
    event.stopPropagation();
    close.current();
  };
  // One tree in both shapes, so that the slip inside keeps its state (the stake typed) when the
  // screen turns across the phone's width: only the host's attributes and the head change.
  return (
    <div
      ref={panel}
      className={phone ? 'bl-slip-host bl-slip-sheet' : 'bl-slip-host'}
      role={phone ? 'dialog' : undefined}
      aria-label={phone ? t('slip.sheetLabel', { label }) : undefined}
      tabIndex={phone ? -1 : undefined}
      onKeyDown={onKeyDown}
    >
      {phone ? (
        <div className="bl-slip-sheet__head">
          <span className="bl-slip-sheet__title">{t('slip.sheet')}</span>
          <button type="button" className="bl-slip-sheet__close" aria-label={t('slip.closeSheet')} onClick={() => close.current()}>
            ×
          </button>
        </div>
      ) : null}
      <div className={phone ? 'bl-slip-sheet__body' : 'bl-slip-host__body'}>{children}</div>
    </div>
  );
}
