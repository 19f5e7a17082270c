import { useApis, type ClientRow, roleLabel } from '@backlay/shared';
import { TransactionPasswordDialog } from './TransactionPasswordDialog';
import { t } from '../i18n';

/** Which lock a dialog changes: the account (sign-in) or betting. */
export type LockKind = 'user' | 'bet';

const who = (row: ClientRow) => ({ username: row.username, role: roleLabel(row.role) });

/** Title, explanation and button of the dialog for a lock or an unlock of `row`. Pure. */
export function lockDialogText(kind: LockKind, row: ClientRow): { title: string; action: string; hint: string; lock: boolean } {
  if (kind === 'user') {
    const lock = row.status !== 'locked';
    return lock
      ? {
          lock,
          title: t('lock.account.title'),
          action: t('clients.action.lock'),
          hint: t('lock.account.hint', who(row)),
        }
      : {
          lock,
          title: t('unlock.account.title'),
          action: t('clients.action.unlock'),
          hint: t('unlock.account.hint', who(row)) + (row.lockedBy ? ` ${t('unlock.account.lockedBy', { username: row.lockedBy })}` : ''),
        };
  }
  const lock = !row.betLock;
  return lock
    ? {
        lock,
        title: t('lock.bet.title'),
        action: t('clients.action.betLock'),
        hint: t('lock.bet.hint', who(row)),
      }
    : {
        lock,
        title: t('unlock.bet.title'),
        action: t('clients.action.betUnlock'),
        hint: t('unlock.bet.hint', who(row)) + (row.betLockedBy ? ` ${t('unlock.bet.lockedBy', { username: row.betLockedBy })}` : ''),
      };
}

/**
 * Lock or unlock an account, or its betting, confirmed with the caller's transaction password
 * like every other agent action. The server decides: a wrong password, or a lock set by an agent
 * above the caller (only that agent or its upline may lift it), is shown under the form.
 */
export function LockDialog({ kind, row, onClose, onDone }: { kind: LockKind; row: ClientRow; onClose: () => void; onDone: () => void }) {
  const { clients: clientsApi } = useApis();
  const text = lockDialogText(kind, row);
  const confirm = (transactionPassword: string) => {
    const body = { username: row.username, lock: text.lock, transactionPassword };
    return kind === 'user' ? clientsApi.usersLock(body) : clientsApi.betLock(body);
  };
  return (
    <TransactionPasswordDialog title={text.title} action={text.action} onConfirm={confirm} onClose={onClose} onDone={onDone}>
      <p className="bl-hint">{text.hint}</p>
    </TransactionPasswordDialog>
  );
}
