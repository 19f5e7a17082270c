import { useFormik } from 'formik';
import * as yup from 'yup';
import { Dialog, FormFooter, MESSAGES, TextField, clientsApi, notify, type ClientRow } from '@backlay/shared';
import { transactionPasswordSchema } from '../forms/validation';

/** Which lock a dialog changes: the account (sign-in) or betting. */
export type LockKind = 'user' | 'bet';

const schema = yup.object({ transactionPassword: transactionPasswordSchema });

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
  const text = lockDialogText(kind, row);
  const formik = useFormik({
    initialValues: { transactionPassword: '' },
    validationSchema: schema,
    onSubmit: async (values, helpers) => {
      helpers.setStatus(undefined);
      try {
        const body = { username: row.username, lock: text.lock, transactionPassword: values.transactionPassword };
        const res = kind === 'user' ? await clientsApi.usersLock(body) : await clientsApi.betLock(body);
        notify('success', res.message);
        onDone();
      } catch (error) {
        helpers.setStatus(error instanceof Error ? error.message : MESSAGES.internal);
      }
    },
  });
  return (
    <Dialog title={text.title} onClose={onClose} closeDisabled={formik.isSubmitting}>
      <p className="bl-hint">{text.hint}</p>
      <form className="bl-form" onSubmit={formik.handleSubmit} noValidate>
        <TextField
          label="Transaction password"
          name="transactionPassword"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          value={formik.values.transactionPassword}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          error={formik.touched.transactionPassword && formik.errors.transactionPassword}
        />
        <FormFooter error={formik.status} submitting={formik.isSubmitting} submitLabel={text.action} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
