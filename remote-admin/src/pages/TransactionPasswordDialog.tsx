import type { ReactNode } from 'react';
import { useFormik } from 'formik';
import * as yup from 'yup';
import { Dialog, FormFooter, MESSAGES, TextField, notify } from '@backlay/shared';
import { transactionPasswordSchema } from '../forms/validation';
import { useT } from '../i18n';

const schema = yup.object({ transactionPassword: transactionPasswordSchema });

/** The labelled transaction-password input of every confirmed agent action (its one look and rule). */
export function TransactionPasswordField({ value, error, onChange, onBlur }: { value: string; error?: string | false; onChange: React.ChangeEventHandler<HTMLInputElement>; onBlur?: React.FocusEventHandler<HTMLInputElement> }) {
  const t = useT();
  return <TextField label={t('common.transactionPassword')} name="transactionPassword" type="password" inputMode="numeric" autoComplete="off" value={value} onChange={onChange} onBlur={onBlur} error={error} />;
}

/**
 * An agent action confirmed with the caller's transaction password (locks, results, the casino
 * table switch, maintenance; ADR 0032): what it does (`children`), the password, and the action's
 * button. The server decides: its refusal (a wrong password, 429 after five, anything else) stays
 * under the form; a success toasts the server's message and calls onDone.
 */
export function TransactionPasswordDialog({
  title,
  action,
  children,
  onConfirm,
  onClose,
  onDone,
}: {
  title: string;
  action: string;
  children?: ReactNode;
  onConfirm: (transactionPassword: string) => Promise<{ message: string }>;
  onClose: () => void;
  onDone: () => void;
}) {
  const formik = useFormik({
    initialValues: { transactionPassword: '' },
    validationSchema: schema,
    onSubmit: async (values, helpers) => {
      helpers.setStatus(undefined);
      try {
        const res = await onConfirm(values.transactionPassword);
        notify('success', res.message);
        onDone();
      } catch (error) {
        helpers.setStatus(error instanceof Error ? error.message : MESSAGES.internal);
      }
    },
  });
  return (
    <Dialog title={title} onClose={onClose} closeDisabled={formik.isSubmitting}>
      {children}
      <form className="bl-form" onSubmit={formik.handleSubmit} noValidate>
        <TransactionPasswordField
          value={formik.values.transactionPassword}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          error={formik.touched.transactionPassword && formik.errors.transactionPassword}
        />
        <FormFooter error={formik.status} submitting={formik.isSubmitting} submitLabel={action} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
