import { useNavigate } from 'react-router';
import { useFormik } from 'formik';
import * as yup from 'yup';
import { localizeApiMessage } from '@backlay/shared/i18n';
import { useT } from '../i18n/pages';
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
  const t = useT();
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
    <Page title={t('txnPassword.title')}>
      <p className="bl-hint">{t('txnPassword.hint')}</p>
      <form className="bl-form" onSubmit={formik.handleSubmit} noValidate>
        <TextField label={t('txnPassword.login')} name="password" type="password" autoComplete="current-password" value={formik.values.password} onChange={formik.handleChange} onBlur={formik.handleBlur} error={formik.touched.password && formik.errors.password} />
        <TextField label={t('txnPassword.new')} name="transactionPassword" type="password" inputMode="numeric" autoComplete="off" value={formik.values.transactionPassword} onChange={formik.handleChange} onBlur={formik.handleBlur} error={formik.touched.transactionPassword && formik.errors.transactionPassword} />
        <TextField label={t('txnPassword.confirm')} name="confirmTransactionPassword" type="password" inputMode="numeric" autoComplete="off" value={formik.values.confirmTransactionPassword} onChange={formik.handleChange} onBlur={formik.handleBlur} error={formik.touched.confirmTransactionPassword && formik.errors.confirmTransactionPassword} />
        {formik.status ? (
          <p className="bl-form-error" role="alert">
            {localizeApiMessage(String(formik.status))}
          </p>
        ) : null}
        <Button type="submit" disabled={formik.isSubmitting}>
          {t('txnPassword.submit')}
        </Button>
      </form>
    </Page>
  );
}
