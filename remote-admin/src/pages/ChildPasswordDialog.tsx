import { useFormik } from 'formik';
import * as yup from 'yup';
import { Dialog, FormFooter, MESSAGES, TextField, notify, useApis, type ClientRow } from '@backlay/shared';
import { confirmSchema, loginPasswordSchema, transactionPasswordSchema } from '../forms/validation';

/** The child's username is part of the policy: the password must not contain it. */
const schemaFor = (username: string) =>
  yup.object({
    newPassword: loginPasswordSchema(MESSAGES.newPasswordRequired, username),
    confirmPassword: confirmSchema('newPassword'),
    transactionPassword: transactionPasswordSchema,
  });

/**
 * Reset the login password of a direct child. The child must change it again at its next sign-in,
 * like a new account.
 */
export function ChildPasswordDialog({ child, onClose, onDone }: { child: ClientRow; onClose: () => void; onDone: () => void }) {
  const { clients: clientsApi } = useApis();
  const formik = useFormik({
    initialValues: { newPassword: '', confirmPassword: '', transactionPassword: '' },
    validationSchema: schemaFor(child.username),
    onSubmit: async (values, helpers) => {
      helpers.setStatus(undefined);
      try {
        const res = await clientsApi.changeChildPassword({ username: child.username, newPassword: values.newPassword, transactionPassword: values.transactionPassword });
        notify('success', res.message);
        onDone();
      } catch (error) {
        helpers.setStatus(error instanceof Error ? error.message : MESSAGES.internal);
      }
    },
  });
  const field = (name: keyof typeof formik.values, label: string, extra: { inputMode?: 'numeric'; autoComplete: string }) => (
    <TextField label={label} name={name} type="password" {...extra} value={formik.values[name]} onChange={formik.handleChange} onBlur={formik.handleBlur} error={formik.touched[name] && formik.errors[name]} />
  );
  return (
    <Dialog title="Change password" onClose={onClose} closeDisabled={formik.isSubmitting}>
      <p className="bl-hint">
        New login password for <strong>{child.username}</strong> ({child.roleLabel}). They will be asked to change it when they next sign in.
      </p>
      <form className="bl-form" onSubmit={formik.handleSubmit} noValidate>
        {field('newPassword', 'New password', { autoComplete: 'new-password' })}
        {field('confirmPassword', 'Confirm password', { autoComplete: 'new-password' })}
        {field('transactionPassword', 'Transaction password', { inputMode: 'numeric', autoComplete: 'off' })}
        <FormFooter error={formik.status} submitting={formik.isSubmitting} submitLabel="Change password" onCancel={onClose} />
      </form>
    </Dialog>
  );
}
