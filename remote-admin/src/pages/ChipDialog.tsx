import { useRef } from 'react';
import { useFormik } from 'formik';
import * as yup from 'yup';
import {
  Dialog, FormFooter, MESSAGES, REMARK_MAX_LENGTH, TextField, formatRupees, hasAtMostTwoDecimals, newIdempotencyKey, notify, sumRupeesForDisplay, useApis, type ChipTransferRequest, type ClientRow, roleLabel,
} from '@backlay/shared';
import { chipAmountSchema, remarkSchema, transactionPasswordSchema } from '../forms/validation';
import { useT } from '../i18n';

/** Which way the chips go: deposit moves them from the agent to the child, withdraw back. */
export type ChipKind = 'deposit' | 'withdraw';

const schema = yup.object({
  amount: chipAmountSchema,
  remark: remarkSchema,
  transactionPassword: transactionPasswordSchema,
});

/**
 * Deposit chips to, or withdraw chips from, a direct child. Shows both current balances and the
 * balances the transfer would leave (a preview; the server's numbers are the truth). One
 * Idempotency-Key is generated per submission and reused when the same submission is sent again
 * after a failure, so a retry can never move the chips twice.
 */
export function ChipDialog({ kind, parent, child, onClose, onDone }: { kind: ChipKind; parent: { username: string; balance: number }; child: ClientRow; onClose: () => void; onDone: () => void }) {
  const { clients: clientsApi } = useApis();
  const submission = useRef<{ key: string; payload: string } | null>(null);
  const deposit = kind === 'deposit';
  const t = useT();
  const formik = useFormik({
    initialValues: { amount: '', remark: '', transactionPassword: '' },
    validationSchema: schema,
    onSubmit: async (values, helpers) => {
      const body: ChipTransferRequest = { username: child.username, amount: Number(values.amount.trim()), remark: values.remark.trim(), transactionPassword: values.transactionPassword };
      const payload = JSON.stringify(body);
      if (submission.current?.payload !== payload) submission.current = { key: newIdempotencyKey(), payload };
      helpers.setStatus(undefined);
      try {
        const res = deposit ? await clientsApi.depositChips(body, submission.current.key) : await clientsApi.withdrawChips(body, submission.current.key);
        notify('success', res.message);
        onDone();
      } catch (error) {
        helpers.setStatus(error instanceof Error ? error.message : MESSAGES.internal);
      }
    },
  });

  const typed = formik.values.amount.trim();
  const amount = typed !== '' && hasAtMostTwoDecimals(typed) && Number(typed) > 0 ? Number(typed) : null;
  const sign = deposit ? 1 : -1;
  const after = (balance: number, direction: number) => (amount === null ? '—' : formatRupees(sumRupeesForDisplay(balance, direction * sign * amount)));
  const title = deposit ? t('chips.depositTitle') : t('chips.withdrawTitle');

  return (
    <Dialog title={title} onClose={onClose} closeDisabled={formik.isSubmitting}>
      <p className="bl-hint">
        {deposit ? t('chips.hint.deposit.before') : t('chips.hint.withdraw.before')}
        <strong>{child.username}</strong> ({roleLabel(child.role)}){deposit ? t('chips.hint.deposit.after') : t('chips.hint.withdraw.after')}
      </p>
      <div className="bl-table-wrap">
        <table className="bl-table bl-table--compact" aria-label={t('chips.balances')}>
          <thead>
            <tr>
              <th scope="col">{t('chips.account')}</th>
              <th scope="col" className="num">{t('chips.current')}</th>
              <th scope="col" className="num">{t('chips.after')}</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">{t('chips.you', { username: parent.username })}</th>
              <td className="num">{formatRupees(parent.balance)}</td>
              <td className="num" data-testid="parent-after">
                {after(parent.balance, -1)}
              </td>
            </tr>
            <tr>
              <th scope="row">{child.username}</th>
              <td className="num">{formatRupees(child.balance)}</td>
              <td className="num" data-testid="child-after">
                {after(child.balance, 1)}
              </td>
            </tr>
          </tbody>
        </table>
      </div>
      <form className="bl-form" onSubmit={formik.handleSubmit} noValidate>
        <TextField label={t('chips.amount')} name="amount" inputMode="decimal" autoComplete="off" value={formik.values.amount} onChange={formik.handleChange} onBlur={formik.handleBlur} error={formik.touched.amount && formik.errors.amount} />
        <TextField label={t('chips.remark')} name="remark" autoComplete="off" maxLength={REMARK_MAX_LENGTH} value={formik.values.remark} onChange={formik.handleChange} onBlur={formik.handleBlur} error={formik.touched.remark && formik.errors.remark} />
        <TextField label={t('common.transactionPassword')} name="transactionPassword" type="password" inputMode="numeric" autoComplete="off" value={formik.values.transactionPassword} onChange={formik.handleChange} onBlur={formik.handleBlur} error={formik.touched.transactionPassword && formik.errors.transactionPassword} />
        <FormFooter error={formik.status} submitting={formik.isSubmitting} submitLabel={deposit ? t('clients.action.deposit') : t('clients.action.withdraw')} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
