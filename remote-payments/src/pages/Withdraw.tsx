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
} from '@backlay/shared';
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
    <Page title="Withdraw">
      <form className="bl-withdraw" onSubmit={formik.handleSubmit} noValidate>
        <div className="bl-withdraw__amount">
          <TextField label="Amount" name="amount" inputMode="decimal" autoComplete="off" value={formik.values.amount} onChange={formik.handleChange} onBlur={formik.handleBlur} error={formik.touched.amount && formik.errors.amount} />
          <Button type="submit" disabled={formik.isSubmitting}>
            {formik.isSubmitting ? 'Sending…' : 'Submit'}
          </Button>
        </div>
        {formik.submitCount > 0 && formik.errors.choice ? (
          <p className="bl-form-error" role="alert">
            {formik.errors.choice}
          </p>
        ) : null}
        {accounts.load.state === 'loading' ? <Spinner label="Loading your accounts" /> : null}
        {accounts.load.state === 'fail' ? <EmptyState>Your saved accounts could not be loaded: {accounts.load.message}</EmptyState> : null}
        {list ? (
          <div className="bl-pay-panels">
            <AccountList title="Bank Transfer" addLabel="Add New" onAdd={() => setDialog({ kind: 'bank' })} empty="No bank account saved yet.">
              {list.bank.map((bank) => (
                <AccountChoice
                  key={bank._id}
                  value={choiceValue('bank', bank._id)}
                  checked={choice === choiceValue('bank', bank._id)}
                  onChange={formik.handleChange}
                  deleteLabel={`Delete bank account ${bank.accountHolderName} ${bank.accountNumber}`}
                  onDelete={() => setDialog({ kind: 'delete', type: 'bank', id: bank._id, text: bankAccountText(bank) })}
                >
                  <span className="bl-account__name">{bank.accountHolderName}</span>
                  <span className="bl-account__meta">
                    {bank.accountNumber} · {bank.ifscCode}
                  </span>
                </AccountChoice>
              ))}
            </AccountList>
            <AccountList title="UPI Transfer" addLabel="Add New" onAdd={() => setDialog({ kind: 'upi' })} empty="No UPI id saved yet.">
              {list.upi.map((upi: SavedUpi) => (
                <AccountChoice
                  key={upi._id}
                  value={choiceValue('upi', upi._id)}
                  checked={choice === choiceValue('upi', upi._id)}
                  onChange={formik.handleChange}
                  deleteLabel={`Delete UPI id ${upi.upiId}`}
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
  const { payments: paymentsApi } = useApis();
  const [busy, setBusy] = useState(false);
  const what = type === 'bank' ? 'bank account' : 'UPI id';
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
    <Dialog title={type === 'bank' ? 'Delete bank account' : 'Delete UPI id'} onClose={onClose} closeDisabled={busy}>
      <p>
        Delete the {what} <strong>{text}</strong>? Withdrawals already requested to it are not affected.
      </p>
      <div className="bl-form-actions">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={() => void remove()} disabled={busy}>
          Delete
        </Button>
      </div>
    </Dialog>
  );
}
