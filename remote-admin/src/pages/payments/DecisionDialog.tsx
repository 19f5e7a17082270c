import { useRef } from 'react';
import { useFormik } from 'formik';
import * as yup from 'yup';
import {
  Dialog,
  FormFooter,
  MESSAGES,
  REMARK_MAX_LENGTH,
  TextField,
  formatRupees,
  newIdempotencyKey,
  notify,
  useApis,
  type PaymentRequestRow,
  type UpdateDepositWithdrawStatusRequest,
} from '@backlay/shared';
import { remarkSchema, transactionPasswordSchema } from '../../forms/validation';
import { t, useT } from '../../i18n';

/** What the agent decides. */
export type Decision = UpdateDepositWithdrawStatusRequest['status'];

const schema = yup.object({ remark: remarkSchema, transactionPassword: transactionPasswordSchema });

/** 'Approve deposit', 'Reject withdrawal', … */
export function decisionTitle(decision: Decision, type: PaymentRequestRow['type']): string {
  if (type === 'deposit') return decision === 'approved' ? t('decision.approveDeposit') : t('decision.rejectDeposit');
  return decision === 'approved' ? t('decision.approveWithdraw') : t('decision.rejectWithdraw');
}

/**
 * Approve or reject a pending request, confirmed by the agent's transaction password. Approving
 * a deposit pays the player from the agent's balance; approving a withdrawal hands the held
 * amount to the agent (who pays the player outside); rejecting a withdrawal returns the hold.
 * One Idempotency-Key per submission, reused when the same one is retried after a failure.
 */
export function DecisionDialog({ row, decision, onClose, onDone }: { row: PaymentRequestRow; decision: Decision; onClose: () => void; onDone: () => void }) {
  const { payments: paymentsApi } = useApis();
  const submission = useRef<{ key: string; signature: string } | null>(null);
  const tr = useT();
  const formik = useFormik({
    initialValues: { remark: '', transactionPassword: '' },
    validationSchema: schema,
    onSubmit: async (values, helpers) => {
      const body: UpdateDepositWithdrawStatusRequest = { id: row._id, status: decision, remark: values.remark.trim(), transactionPassword: values.transactionPassword };
      const signature = JSON.stringify(body);
      if (submission.current?.signature !== signature) submission.current = { key: newIdempotencyKey(), signature };
      helpers.setStatus(undefined);
      try {
        const res = await paymentsApi.updateStatus(body, submission.current.key);
        notify('success', res.message);
        onDone();
      } catch (error) {
        helpers.setStatus(error instanceof Error ? error.message : MESSAGES.internal);
      }
    },
  });
  const approve = decision === 'approved';
  const facts = { amount: formatRupees(row.amount), username: row.username };
  const effect =
    row.type === 'deposit'
      ? approve
        ? tr('decision.effect.depositApproved', facts)
        : tr('decision.effect.depositRejected')
      : approve
        ? tr('decision.effect.withdrawApproved', facts)
        : tr('decision.effect.withdrawRejected', facts);
  return (
    <Dialog title={decisionTitle(decision, row.type)} onClose={onClose} closeDisabled={formik.isSubmitting}>
      <dl className="bl-facts">
        <dt>{tr('clients.col.username')}</dt>
        <dd>{row.username}</dd>
        <dt>{tr('chips.amount')}</dt>
        <dd>{formatRupees(row.amount)}</dd>
        <dt>{row.type === 'deposit' ? 'UTR' : tr('payments.payTo')}</dt>
        <dd>{row.type === 'deposit' ? row.utrno : row.payTo}</dd>
      </dl>
      <p className="bl-hint">{effect}</p>
      <form className="bl-form" onSubmit={formik.handleSubmit} noValidate>
        <TextField label={tr('chips.remark')} name="remark" autoComplete="off" maxLength={REMARK_MAX_LENGTH} value={formik.values.remark} onChange={formik.handleChange} onBlur={formik.handleBlur} error={formik.touched.remark && formik.errors.remark} />
        <TextField label={tr('common.transactionPassword')} name="transactionPassword" type="password" inputMode="numeric" autoComplete="off" value={formik.values.transactionPassword} onChange={formik.handleChange} onBlur={formik.handleBlur} error={formik.touched.transactionPassword && formik.errors.transactionPassword} />
        <FormFooter error={formik.status} submitting={formik.isSubmitting} submitLabel={approve ? tr('payments.approve') : tr('payments.reject')} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
