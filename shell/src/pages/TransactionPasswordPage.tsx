import { useNavigate } from 'react-router';
import { useFormik } from 'formik';
import * as yup from 'yup';
import { Button, MESSAGES, Page, TRANSACTION_PASSWORD_PATTERN, TextField, notify, useApis, type Area } from '@backlay/shared';
import { firstLoginStep, isMobileViewport, landingPath } from '../session/landing';
import { refreshUser } from '../session/session';

const schema = yup.object({
  password: yup.string().required(MESSAGES.passwordRequired),
  transactionPassword: yup
    .string()
    .required(MESSAGES.transactionPasswordRequired)
    .matches(TRANSACTION_PASSWORD_PATTERN, MESSAGES.transactionPasswordFormat)
    .notOneOf([yup.ref('password')], MESSAGES.transactionPasswordSameAsLogin),
  confirmTransactionPassword: yup.string().required(MESSAGES.confirmPasswordRequired).oneOf([yup.ref('transactionPassword')], MESSAGES.passwordsDontMatch),
});

/** Set or change the transaction password (/transaction-password, /admin/transaction-password). */
export function TransactionPasswordPage({ area }: { area: Area }) {
  const { auth: authApi } = useApis();
  const navigate = useNavigate();
  const formik = useFormik({
    initialValues: { password: '', transactionPassword: '', confirmTransactionPassword: '' },
    validationSchema: schema,
    onSubmit: async (values, helpers) => {
      try {
        const res = await authApi.setTransactionPassword(values);
        notify('success', res.message);
        helpers.resetForm();
        const user = await refreshUser();
        navigate(firstLoginStep(area, user) ?? landingPath(user.role, area, isMobileViewport()), { replace: true });
      } catch (error) {
        helpers.setStatus(error instanceof Error ? error.message : MESSAGES.internal);
      }
    },
  });
  return (
    <Page title="Transaction password">
      <p className="bl-hint">The transaction password (6 digits) confirms money actions such as chip transfers and approvals.</p>
      <form className="bl-form" onSubmit={formik.handleSubmit} noValidate>
        <TextField label="Login password" name="password" type="password" autoComplete="current-password" value={formik.values.password} onChange={formik.handleChange} onBlur={formik.handleBlur} error={formik.touched.password && formik.errors.password} />
        <TextField label="Transaction password" name="transactionPassword" type="password" inputMode="numeric" autoComplete="off" value={formik.values.transactionPassword} onChange={formik.handleChange} onBlur={formik.handleBlur} error={formik.touched.transactionPassword && formik.errors.transactionPassword} />
        <TextField label="Confirm transaction password" name="confirmTransactionPassword" type="password" inputMode="numeric" autoComplete="off" value={formik.values.confirmTransactionPassword} onChange={formik.handleChange} onBlur={formik.handleBlur} error={formik.touched.confirmTransactionPassword && formik.errors.confirmTransactionPassword} />
        {formik.status ? (
          <p className="bl-form-error" role="alert">
            {formik.status}
          </p>
        ) : null}
        <Button type="submit" disabled={formik.isSubmitting}>
          Save transaction password
        </Button>
      </form>
    </Page>
  );
}
