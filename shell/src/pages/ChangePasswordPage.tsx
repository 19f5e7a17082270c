import { useNavigate } from 'react-router';
import { useFormik } from 'formik';
import * as yup from 'yup';
import { Button, MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_RULES, Page, TextField, authApi, notify, type Area } from '@backlay/shared';
import { firstLoginStep, isMobileViewport, landingPath } from '../session/landing';
import { refreshUser } from '../session/session';

/** The login-password rules of limits.ts as a yup schema (the server checks the same rules). */
export const newPasswordSchema = PASSWORD_RULES.reduce(
  (s, rule) => s.matches(rule.pattern, rule.message),
  yup
    .string()
    .required(MESSAGES.newPasswordRequired)
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
);

const schema = yup.object({
  oldPassword: yup.string().required(MESSAGES.oldPasswordRequired),
  newPassword: newPasswordSchema.notOneOf([yup.ref('oldPassword')], MESSAGES.passwordSameAsOld),
  confirmPassword: yup.string().required(MESSAGES.confirmPasswordRequired).oneOf([yup.ref('newPassword')], MESSAGES.passwordsDontMatch),
});

/** Change the login password (/changepassword, /admin/change-password); first step of a first login. */
export function ChangePasswordPage({ area }: { area: Area }) {
  const navigate = useNavigate();
  const formik = useFormik({
    initialValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
    validationSchema: schema,
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
    <Page title="Change password">
      <form className="bl-form" onSubmit={formik.handleSubmit} noValidate>
        {field('oldPassword', 'Old password', 'current-password')}
        {field('newPassword', 'New password', 'new-password')}
        {field('confirmPassword', 'Confirm password', 'new-password')}
        {formik.status ? (
          <p className="bl-form-error" role="alert">
            {formik.status}
          </p>
        ) : null}
        <Button type="submit" disabled={formik.isSubmitting}>
          Change password
        </Button>
      </form>
    </Page>
  );
}
