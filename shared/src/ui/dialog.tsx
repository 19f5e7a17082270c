import { useId, useRef, type ReactNode } from 'react';
import { useSharedT } from '../i18n/shared-catalog';
import { useModalFocus } from './modal-focus';

/**
 * A modal dialog: role="dialog" with aria-modal and the title as its accessible name. Focus moves
 * into it on open, Tab stays inside, Escape and the Close button call `onClose`, and focus goes
 * back to where it was when it closes. It fits a 360 px phone (the shell's .bl-dialog styles).
 */
export function Dialog({ title, onClose, children, closeDisabled = false }: { title: string; onClose: () => void; children: ReactNode; closeDisabled?: boolean }) {
  const t = useSharedT();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = closeDisabled ? () => undefined : onClose;

  const onKeyDown = useModalFocus(panel, () => close.current());

  return (
    <div className="bl-dialog-backdrop">
      <div ref={panel} className="bl-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} onKeyDown={onKeyDown}>
        <header className="bl-dialog__head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="bl-dialog__close" aria-label={t('close')} disabled={closeDisabled} onClick={() => close.current()}>
            ×
          </button>
        </header>
        <div className="bl-dialog__body">{children}</div>
      </div>
    </div>
  );
}
