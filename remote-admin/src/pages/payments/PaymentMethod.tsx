import { useFormik } from 'formik';
import * as yup from 'yup';
import {
  ACCOUNT_HOLDER_NAME_PATTERN,
  ACCOUNT_NUMBER_PATTERN,
  BuildTag,
  Button,
  EmptyState,
  IFSC_PATTERN,
  MESSAGES,
  Page,
  Spinner,
  TextField,
  UPI_ID_PATTERN,
  UPI_NAME_MAX_LENGTH,
  notify,
  useApis,
  type PaymentSettings,
  useLoad,
} from '@backlay/shared';
import { useT } from '../../i18n';

/** Holder and payee names as the server stores them: runs of spaces become one. */
const oneSpace = (v: string | undefined) => (v ?? '').trim().replace(/\s+/g, ' ');

/** The payment settings form: the API's order and messages (UPI panel, then bank panel). */
export const paymentSettingsSchema = yup.object({
  upiId: yup.string().trim().required(MESSAGES.upiIdRequired).matches(UPI_ID_PATTERN, MESSAGES.upiIdInvalid),
  upiName: yup
    .string()
    .test('required', MESSAGES.upiNameRequired, (v) => oneSpace(v) !== '')
    .test('length', MESSAGES.upiNameInvalid, (v) => oneSpace(v).length <= UPI_NAME_MAX_LENGTH),
  accountHolderName: yup
    .string()
    .test('required', MESSAGES.accountHolderNameRequired, (v) => oneSpace(v) !== '')
    .test('format', MESSAGES.accountHolderNameInvalid, (v) => oneSpace(v) === '' || ACCOUNT_HOLDER_NAME_PATTERN.test(oneSpace(v))),
  accountNumber: yup.string().trim().required(MESSAGES.accountNumberRequired).matches(ACCOUNT_NUMBER_PATTERN, MESSAGES.accountNumberInvalid),
  ifscCode: yup
    .string()
    .trim()
    .required(MESSAGES.ifscCodeRequired)
    .test('format', MESSAGES.ifscCodeInvalid, (v) => IFSC_PATTERN.test((v ?? '').trim().toUpperCase())),
});

/** The settings as the server should store them. */
export function normalisePaymentSettings(values: PaymentSettings): PaymentSettings {
  return {
    upiId: values.upiId.trim(),
    upiName: oneSpace(values.upiName),
    accountHolderName: oneSpace(values.accountHolderName),
    accountNumber: values.accountNumber.trim(),
    ifscCode: values.ifscCode.trim().toUpperCase(),
  };
}

/**
 * /admin/payment-method (admin and sadmin): the UPI id and name, and the bank account that the
 * players' deposit page shows and its QR code pays (get-payment-list / save-payment-list), for
 * the site signed in on (ADR 0074 "Content per site").
 */
export function PaymentMethod() {
  const { payments: paymentsApi } = useApis();
  const { load } = useLoad(paymentsApi.paymentSettings);
  const t = useT();
  return (
    <Page title={t('paymentMethod.title')}>
      <p className="bl-hint">{t('paymentMethod.hint')}</p>
      {load.state === 'loading' ? <Spinner label={t('paymentMethod.loading')} /> : null}
      {load.state === 'fail' ? <EmptyState>{load.message}</EmptyState> : null}
      {load.state === 'done' ? <PaymentMethodForm initial={load.value} /> : null}
      <BuildTag app="admin" label={__BUILD_LABEL__} />
    </Page>
  );
}

function PaymentMethodForm({ initial }: { initial: PaymentSettings }) {
  const { payments: paymentsApi } = useApis();
  const formik = useFormik<PaymentSettings>({
    initialValues: initial,
    validationSchema: paymentSettingsSchema,
    onSubmit: async (values, helpers) => {
      helpers.setStatus(undefined);
      try {
        const res = await paymentsApi.savePaymentSettings(normalisePaymentSettings(values));
        notify('success', res.message);
        helpers.resetForm({ values: res.data });
      } catch (error) {
        helpers.setStatus(error instanceof Error ? error.message : MESSAGES.internal);
      }
    },
  });
  const t = useT();
  const field = (name: keyof PaymentSettings) => ({
    name,
    value: formik.values[name],
    onChange: formik.handleChange,
    onBlur: formik.handleBlur,
    error: formik.touched[name] && formik.errors[name],
  });
  return (
    <form className="bl-form bl-form--wide" onSubmit={formik.handleSubmit} noValidate>
      <p className="bl-hint">{t('paymentMethod.formHint')}</p>
      <h2 className="bl-section-title">UPI</h2>
      <div className="bl-form-grid">
        <TextField label="UPI ID" autoComplete="off" autoCapitalize="none" hint={t('paymentMethod.upiIdHint')} {...field('upiId')} />
        <TextField label={t('paymentMethod.upiName')} autoComplete="off" maxLength={UPI_NAME_MAX_LENGTH} hint={t('paymentMethod.upiNameHint')} {...field('upiName')} />
      </div>
      <h2 className="bl-section-title">{t('paymentMethod.bank')}</h2>
      <div className="bl-form-grid">
        <TextField label={t('paymentMethod.holder')} autoComplete="off" {...field('accountHolderName')} />
        <TextField label={t('paymentMethod.accountNumber')} inputMode="numeric" autoComplete="off" {...field('accountNumber')} />
        <TextField label={t('paymentMethod.ifsc')} autoComplete="off" autoCapitalize="characters" hint={t('paymentMethod.ifscHint')} {...field('ifscCode')} />
      </div>
      {formik.status ? (
        <p className="bl-form-error" role="alert">
          {formik.status}
        </p>
      ) : null}
      <div className="bl-form-actions">
        <Button type="submit" disabled={formik.isSubmitting}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}
