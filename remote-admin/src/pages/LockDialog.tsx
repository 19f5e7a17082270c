import { useApis, type ClientRow } from '@backlay/shared';
import { TransactionPasswordDialog } from './TransactionPasswordDialog';

/** Which lock a dialog changes: the account (sign-in) or betting. */
export type LockKind = 'user' | 'bet';

/** Title, explanation and button of the dialog for a lock or an unlock of `row`. Pure. */
export function lockDialogText(kind: LockKind, row: ClientRow): { title: string; action: string; hint: string; lock: boolean } {
  if (kind === 'user') {
    const lock = row.status !== 'locked';
    return lock
      ? {
          lock,
          title: 'Lock account',
          action: 'Lock',
          hint: `${row.username} (${row.roleLabel}) and everyone below it are signed out at once and cannot sign in until you unlock it.`,
        }
      : {
          lock,
          title: 'Unlock account',
          action: 'Unlock',
          hint: `${row.username} (${row.roleLabel}) may sign in again.${row.lockedBy ? ` Locked by ${row.lockedBy}.` : ''}`,
        };
  }
  const lock = !row.betLock;
  return lock
    ? {
        lock,
        title: 'Lock betting',
        action: 'Bet lock',
        hint: `${row.username} (${row.roleLabel}) and everyone below it can still sign in but cannot place bets until you unlock betting.`,
      }
    : {
        lock,
        title: 'Unlock betting',
        action: 'Bet unlock',
        hint: `${row.username} (${row.roleLabel}) may bet again.${row.betLockedBy ? ` Betting locked by ${row.betLockedBy}.` : ''}`,
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
