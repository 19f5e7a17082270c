import { useFormik } from 'formik';
import { Button, Dialog, MESSAGES, TextField, localizeApiMessage, notify, useApis, type AddBankAccountRequest } from '@backlay/shared';
import { useT } from '../i18n';
import { bankAccountSchema, normaliseHolderName, upiSchema } from '../forms/validation';

/** The error of a refused call, shown under the form. */
function failureText(error: unknown): string {
  return error instanceof Error ? error.message : MESSAGES.internal;
}

function FormStatus({ status }: { status: unknown }) {
  return typeof status === 'string' ? (
    <p className="bl-form-error" role="alert">
      {localizeApiMessage(status)}
    </p>
  ) : null;
}

/**
 * 'Add Bank Detail' (docs/rules/product.md §2 Withdraw): account holder name, account number and IFSC code with
 * the API's messages. On success the server's message ('Account successfully added.') is
 * toasted and the list reloads; a refusal (a duplicate, the limit) stays under the form.
 */
export function AddBankDialog({ onClose, onAdded }: { onClose: () => void; onAdded: () => void }) {
  const t = useT();
  const { payments: paymentsApi } = useApis();
  const formik = useFormik({
    initialValues: { accountHolderName: '', accountNumber: '', ifscCode: '' },
    validationSchema: bankAccountSchema,
    onSubmit: async (values, helpers) => {
      const body: AddBankAccountRequest = {
        accountHolderName: normaliseHolderName(values.accountHolderName),
        accountNumber: values.accountNumber.trim(),
        ifscCode: values.ifscCode.trim().toUpperCase(),
      };
      helpers.setStatus(undefined);
      try {
        const res = await paymentsApi.addBankAccount(body);
        notify('success', res.message);
        onAdded();
      } catch (error) {
        helpers.setStatus(failureText(error));
      }
    },
  });
  return (
    <Dialog title={t('accounts.addBank')} onClose={onClose} closeDisabled={formik.isSubmitting}>
      <form className="bl-form" onSubmit={formik.handleSubmit} noValidate>
        <TextField label={t('deposit.bank.holder')} name="accountHolderName" autoComplete="name" value={formik.values.accountHolderName} onChange={formik.handleChange} onBlur={formik.handleBlur} error={formik.touched.accountHolderName && formik.errors.accountHolderName} />
        <TextField label={t('deposit.bank.number')} name="accountNumber" inputMode="numeric" autoComplete="off" value={formik.values.accountNumber} onChange={formik.handleChange} onBlur={formik.handleBlur} error={formik.touched.accountNumber && formik.errors.accountNumber} />
        <TextField label={t('deposit.bank.ifsc')} name="ifscCode" autoComplete="off" autoCapitalize="characters" value={formik.values.ifscCode} onChange={formik.handleChange} onBlur={formik.handleBlur} error={formik.touched.ifscCode && formik.errors.ifscCode} hint={t('accounts.ifscExample')} />
        <FormStatus status={formik.status} />
        <div className="bl-form-actions">
          <Button variant="secondary" onClick={onClose} disabled={formik.isSubmitting}>
            {t('cancel')}
          </Button>
          <Button type="submit" disabled={formik.isSubmitting}>
            {t('accounts.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** 'Add UPI Detail': the UPI id ('UPI Id is required', then its format). */
export function AddUpiDialog({ onClose, onAdded }: { onClose: () => void; onAdded: () => void }) {
  const t = useT();
  const { payments: paymentsApi } = useApis();
  const formik = useFormik({
    initialValues: { upiId: '' },
    validationSchema: upiSchema,
    onSubmit: async (values, helpers) => {
      helpers.setStatus(undefined);
      try {
        const res = await paymentsApi.addUpi({ upiId: values.upiId.trim() });
        notify('success', res.message);
        onAdded();
      } catch (error) {
        helpers.setStatus(failureText(error));
      }
    },
  });
  return (
    <Dialog title={t('accounts.addUpi')} onClose={onClose} closeDisabled={formik.isSubmitting}>
      <form className="bl-form" onSubmit={formik.handleSubmit} noValidate>
        <TextField label={t('deposit.upi.id')} name="upiId" autoComplete="off" autoCapitalize="none" value={formik.values.upiId} onChange={formik.handleChange} onBlur={formik.handleBlur} error={formik.touched.upiId && formik.errors.upiId} hint={t('accounts.upiExample')} />
        <FormStatus status={formik.status} />
        <div className="bl-form-actions">
          <Button variant="secondary" onClick={onClose} disabled={formik.isSubmitting}>
            {t('cancel')}
          </Button>
          <Button type="submit" disabled={formik.isSubmitting}>
            {t('accounts.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
