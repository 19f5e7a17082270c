import { useFormik } from 'formik';
import * as yup from 'yup';
import { useEffect } from 'react';
import { Dialog, FormFooter, MESSAGES, TextField, notify, preloadPasswordPolicy, useApis, type ClientRow, roleLabel } from '@backlay/shared';
import { confirmSchema, loginPasswordSchema, transactionPasswordSchema } from '../forms/validation';
import { useT } from '../i18n';

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
  // The common-password list loads when the form opens, so a press of the submit button does not wait for it.
  useEffect(preloadPasswordPolicy, []);
  const { clients: clientsApi } = useApis();
  const t = useT();
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
    <Dialog title={t('childPassword.title')} onClose={onClose} closeDisabled={formik.isSubmitting}>
      <p className="bl-hint">
        {t('childPassword.hint.before')}
        <strong>{child.username}</strong> ({roleLabel(child.role)}){t('childPassword.hint.after')}
      </p>
      <form className="bl-form" onSubmit={formik.handleSubmit} noValidate>
        {field('newPassword', t('childPassword.new'), { autoComplete: 'new-password' })}
        {field('confirmPassword', t('common.confirmPassword'), { autoComplete: 'new-password' })}
        {field('transactionPassword', t('common.transactionPassword'), { inputMode: 'numeric', autoComplete: 'off' })}
        <FormFooter error={formik.status} submitting={formik.isSubmitting} submitLabel={t('childPassword.title')} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
