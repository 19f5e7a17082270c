import { notify } from '@backlay/shared';
import { t } from '../i18n';

/** Copy `text` to the clipboard and say so through the shell's toasts. */
export async function copyToClipboard(text: string): Promise<void> {
  try {
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(text);
    // 'Copied successfully' (docs/rules/product.md §8 with §10's spelling fix).
    notify('success', t('copy.done'));
  } catch {
    // The browser refused the clipboard (no permission, insecure page).
    notify('error', t('copy.failed'));
  }
}

/** An icon button that copies a value; `label` is its accessible name ('Copy UPI id'). */
export function CopyButton({ label, text, disabled = false }: { label: string; text: string; disabled?: boolean }) {
  return (
    <button type="button" className="bl-icon-btn" aria-label={label} title={label} disabled={disabled || text === ''} onClick={() => void copyToClipboard(text)}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="M16 1H4a2 2 0 0 0-2 2v14h2V3h12V1zm3 4H8a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2zm0 16H8V7h11v14z" />
      </svg>
    </button>
  );
}

/** An icon button that deletes something; `label` names what ('Delete UPI id x@y'). */
export function DeleteButton({ label, onClick, disabled = false }: { label: string; onClick: () => void; disabled?: boolean }) {
  return (
    <button type="button" className="bl-icon-btn bl-icon-btn--danger" aria-label={label} title={label} disabled={disabled} onClick={onClick}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="M9 3v1H4v2h16V4h-5V3H9zM6 8v12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2V8H6zm3 2h2v10H9V10zm4 0h2v10h-2V10z" />
      </svg>
    </button>
  );
}
