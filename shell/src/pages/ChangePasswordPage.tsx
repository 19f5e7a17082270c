import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useFormik } from 'formik';
import * as yup from 'yup';
import { localizeApiMessage } from '@backlay/shared/i18n';
import { useT } from '../i18n/pages';
import { Button, MESSAGES, Page, TextField, currentUser, notify, preloadPasswordPolicy, previewPasswordPolicy, useApis, type Area } from '@backlay/shared';
import { firstLoginStep, isMobileViewport, landingPath } from '../session/landing';
import { refreshUser } from '../session/session';

/**
 * The new login password: the password policy of @backlay/shared/domain (length, not the
 * username, not the old password, not a common password), exactly as the server checks it.
 */
export const newPasswordSchema = (username: string | null) =>
  yup
    .string()
    .required(MESSAGES.newPasswordRequired)
    .test('password-policy', async function policy(value) {
      if (!value) return true;
      const previousPassword = (this.parent as { oldPassword?: string }).oldPassword ?? null;
      const problem = await previewPasswordPolicy(value, { username, previousPassword });
      return problem === null || this.createError({ message: problem });
    });

const schemaFor = (username: string | null) =>
  yup.object({
    oldPassword: yup.string().required(MESSAGES.oldPasswordRequired),
    newPassword: newPasswordSchema(username),
    confirmPassword: yup.string().required(MESSAGES.confirmPasswordRequired).oneOf([yup.ref('newPassword')], MESSAGES.passwordsDontMatch),
  });

/** Change the login password (/changepassword, /admin/change-password); first step of a first login. */
export function ChangePasswordPage({ area }: { area: Area }) {
  const t = useT();
  const { auth: authApi } = useApis();
  const navigate = useNavigate();
  useEffect(preloadPasswordPolicy, []);
  const formik = useFormik({
    initialValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
    validationSchema: schemaFor(currentUser()?.username ?? null),
    onSubmit: async (values, helpers) => {
      try {
        const res = await authApi.changePassword(values);
        notify('success', res.message);
        helpers.resetForm();
        const user = await refreshUser();
        navigate(firstLoginStep(area, user) ?? landingPath(user.role, area, isMobileViewport()), { replace: true });
      } catch (error) {
        helpers.setStatus(error instanceof Error ? error.message : MESSAGES.internal);
      }
    },
  });
  const field = (name: keyof typeof formik.values, label: string, autoComplete: string) => (
    <TextField label={label} name={name} type="password" autoComplete={autoComplete} value={formik.values[name]} onChange={formik.handleChange} onBlur={formik.handleBlur} error={formik.touched[name] && formik.errors[name]} />
  );
  return (
    <Page title={t('changePassword.title')}>
      <form className="bl-form" onSubmit={formik.handleSubmit} noValidate>
        {field('oldPassword', t('changePassword.old'), 'current-password')}
        {field('newPassword', t('changePassword.new'), 'new-password')}
        {field('confirmPassword', t('changePassword.confirm'), 'new-password')}
        {formik.status ? (
          <p className="bl-form-error" role="alert">
            {localizeApiMessage(String(formik.status))}
          </p>
        ) : null}
        <Button type="submit" disabled={formik.isSubmitting}>
          {t('changePassword.submit')}
        </Button>
      </form>
    </Page>
  );
}
