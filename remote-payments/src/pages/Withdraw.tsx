import { useEffect, useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { useFormik } from 'formik';
import * as yup from 'yup';
import {
  BuildTag,
  Button,
  Dialog,
  EmptyState,
  MESSAGES,
  PLAYER_REQUEST_REMARK,
  Page,
  Spinner,
  TextField,
  newIdempotencyKey,
  notify,
  useApis,
  type BankAndUpiList,
  type SavedBankAccount,
  type SavedUpi,
  type WithdrawRequestBody,
  notifyFailure,
  useLoad,
  localizeApiMessage,
} from '@backlay/shared';
import { useT } from '../i18n';
import { withdrawAmountSchema } from '../forms/validation';
import { DeleteButton } from '../ui/CopyButton';
import { AddBankDialog, AddUpiDialog } from './SavedAccountDialogs';

/** The value of a payout radio: which kind of saved account, and its id. */
export function choiceValue(type: 'bank' | 'upi', id: string): string {
  return `${type}:${id}`;
}

function parseChoice(value: string): { accountType: 'bank' | 'upi'; id: string } | null {
  const [type, id] = value.split(':');
  return (type === 'bank' || type === 'upi') && id ? { accountType: type, id } : null;
}

/** How a saved bank account reads in the list and in names of its buttons. */
export function bankAccountText(bank: SavedBankAccount): string {
  return `${bank.accountHolderName} · ${bank.accountNumber} · ${bank.ifscCode}`;
}

type OpenDialog = { kind: 'bank' } | { kind: 'upi' } | { kind: 'delete'; type: 'bank' | 'upi'; id: string; text: string } | null;

const schema = yup.object({
  amount: withdrawAmountSchema,
  choice: yup.string().required(MESSAGES.selectBankOrUpi),
});

/**
 * /withdraw (docs/rules/product.md §2): the amount, Submit, then the saved bank accounts (Bank Transfer) and UPI
 * ids (UPI Transfer), one radio choice across both lists, each with a delete button and an Add
 * New dialog. The request holds the amount at once, so the header's balance drops through the
 * user socket; the lists reload after every add and delete.
 */
export function Withdraw() {
  const t = useT();
  const { payments: paymentsApi } = useApis();
  const accounts = useLoad<BankAndUpiList>(paymentsApi.bankAndUpiList);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const submission = useRef<{ key: string; signature: string } | null>(null);

  const formik = useFormik({
    initialValues: { amount: '', choice: '' },
    validationSchema: schema,
    onSubmit: async (values, helpers) => {
      const choice = parseChoice(values.choice);
      if (choice === null) return;
      const body: WithdrawRequestBody = { type: 'withdraw', amount: Number(values.amount.trim()), remark: PLAYER_REQUEST_REMARK, accountType: choice.accountType, bankDetail: choice.id };
      const signature = JSON.stringify(body);
      if (submission.current?.signature !== signature) submission.current = { key: newIdempotencyKey(), signature };
      try {
        const res = await paymentsApi.addWithdraw(body, submission.current.key);
        notify('success', res.message);
        submission.current = null;
        helpers.resetForm();
      } catch (error) {
        notifyFailure(error);
      }
    },
  });

  // A chosen account that is no longer saved (deleted here or elsewhere) is no longer a choice.
  const list = accounts.load.state === 'done' ? accounts.load.value : null;
  const { choice } = formik.values;
  const { setFieldValue } = formik;
  useEffect(() => {
    if (!list || choice === '') return;
    const still = [...list.bank.map((b) => choiceValue('bank', b._id)), ...list.upi.map((u) => choiceValue('upi', u._id))].includes(choice);
    if (!still) void setFieldValue('choice', '', false);
  }, [list, choice, setFieldValue]);

  const closeAndReload = () => {
    setDialog(null);
    accounts.reload();
  };

  return (
    <Page title={t('withdraw.title')}>
      <form className="bl-withdraw" onSubmit={formik.handleSubmit} noValidate>
        <div className="bl-withdraw__amount">
          <TextField label={t('withdraw.amount')} name="amount" inputMode="decimal" autoComplete="off" value={formik.values.amount} onChange={formik.handleChange} onBlur={formik.handleBlur} error={formik.touched.amount && formik.errors.amount} />
          <Button type="submit" disabled={formik.isSubmitting}>
            {formik.isSubmitting ? t('withdraw.sending') : t('withdraw.submit')}
          </Button>
        </div>
        {formik.submitCount > 0 && formik.errors.choice ? (
          <p className="bl-form-error" role="alert">
            {localizeApiMessage(formik.errors.choice)}
          </p>
        ) : null}
        {accounts.load.state === 'loading' ? <Spinner label={t('withdraw.loadingAccounts')} /> : null}
        {accounts.load.state === 'fail' ? <EmptyState>{t('withdraw.accountsFailed', { message: localizeApiMessage(accounts.load.message) })}</EmptyState> : null}
        {list ? (
          <div className="bl-pay-panels">
            <AccountList title={t('withdraw.bank.title')} addLabel={t('withdraw.addNew')} onAdd={() => setDialog({ kind: 'bank' })} empty={t('withdraw.bank.empty')}>
              {list.bank.map((bank) => (
                <AccountChoice
                  key={bank._id}
                  value={choiceValue('bank', bank._id)}
                  checked={choice === choiceValue('bank', bank._id)}
                  onChange={formik.handleChange}
                  deleteLabel={t('withdraw.bank.deleteLabel', { name: bank.accountHolderName, number: bank.accountNumber })}
                  onDelete={() => setDialog({ kind: 'delete', type: 'bank', id: bank._id, text: bankAccountText(bank) })}
                >
                  <span className="bl-account__name">{bank.accountHolderName}</span>
                  <span className="bl-account__meta">
                    {bank.accountNumber} · {bank.ifscCode}
                  </span>
                </AccountChoice>
              ))}
            </AccountList>
            <AccountList title={t('withdraw.upi.title')} addLabel={t('withdraw.addNew')} onAdd={() => setDialog({ kind: 'upi' })} empty={t('withdraw.upi.empty')}>
              {list.upi.map((upi: SavedUpi) => (
                <AccountChoice
                  key={upi._id}
                  value={choiceValue('upi', upi._id)}
                  checked={choice === choiceValue('upi', upi._id)}
                  onChange={formik.handleChange}
                  deleteLabel={t('withdraw.upi.deleteLabel', { upiId: upi.upiId })}
                  onDelete={() => setDialog({ kind: 'delete', type: 'upi', id: upi._id, text: upi.upiId })}
                >
                  <span className="bl-account__name">{upi.upiId}</span>
                </AccountChoice>
              ))}
            </AccountList>
          </div>
        ) : null}
      </form>
      {dialog?.kind === 'bank' ? <AddBankDialog onClose={() => setDialog(null)} onAdded={closeAndReload} /> : null}
      {dialog?.kind === 'upi' ? <AddUpiDialog onClose={() => setDialog(null)} onAdded={closeAndReload} /> : null}
      {dialog?.kind === 'delete' ? <DeleteAccountDialog type={dialog.type} id={dialog.id} text={dialog.text} onClose={() => setDialog(null)} onDeleted={closeAndReload} /> : null}
      <BuildTag app="payments" label={__BUILD_LABEL__} />
    </Page>
  );
}

function AccountList({ title, addLabel, onAdd, empty, children }: { title: string; addLabel: string; onAdd: () => void; empty: string; children: ReactNode[] }) {
  const id = useId();
  return (
    <section className="bl-pay-panel" aria-labelledby={id}>
      <div className="bl-pay-panel__head">
        <h2 id={id} className="bl-section-title">
          {title}
        </h2>
        <Button variant="secondary" className="bl-btn--small" onClick={onAdd}>
          {addLabel}
        </Button>
      </div>
      {children.length === 0 ? <p className="bl-hint">{empty}</p> : <ul className="bl-accounts">{children}</ul>}
    </section>
  );
}

function AccountChoice({ value, checked, onChange, deleteLabel, onDelete, children }: { value: string; checked: boolean; onChange: (e: ChangeEvent<HTMLInputElement>) => void; deleteLabel: string; onDelete: () => void; children: ReactNode }) {
  const id = useId();
  return (
    <li className="bl-account">
      <input id={id} type="radio" name="choice" value={value} checked={checked} onChange={onChange} />
      <label htmlFor={id} className="bl-account__label">
        {children}
      </label>
      <DeleteButton label={deleteLabel} onClick={onDelete} />
    </li>
  );
}

/** Asks before a saved account is deleted (it cannot be undone from here). */
function DeleteAccountDialog({ type, id, text, onClose, onDeleted }: { type: 'bank' | 'upi'; id: string; text: string; onClose: () => void; onDeleted: () => void }) {
  const t = useT();
  const { payments: paymentsApi } = useApis();
  const [busy, setBusy] = useState(false);
  // The account in <strong>, where the language puts it in the question.
  const [before, after] = t(type === 'bank' ? 'withdraw.delete.bankQuestion' : 'withdraw.delete.upiQuestion', { text: '\u0000' }).split('\u0000');
  const remove = async () => {
    setBusy(true);
    try {
      const res = await paymentsApi.deleteUpiBank({ type, id });
      notify('success', res.message);
      onDeleted();
    } catch (error) {
      notifyFailure(error);
      setBusy(false);
    }
  };
  return (
    <Dialog title={type === 'bank' ? t('withdraw.delete.bankTitle') : t('withdraw.delete.upiTitle')} onClose={onClose} closeDisabled={busy}>
      <p>
        {before}
        <strong>{text}</strong>
        {after}
      </p>
      <div className="bl-form-actions">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          {t('cancel')}
        </Button>
        <Button onClick={() => void remove()} disabled={busy}>
          {t('withdraw.delete.submit')}
        </Button>
      </div>
    </Dialog>
  );
}
