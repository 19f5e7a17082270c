import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useFormik } from 'formik';
import * as yup from 'yup';
import {
  BuildTag,
  Button,
  MESSAGES,
  Page,
  Spinner,
  TextField,
  formatRupees,
  newIdempotencyKey,
  notify,
  useApis,
  type DepositSubmission,
  type PaymentSettings,
  notifyFailure,
  useLoad,
  rupeeAmountError,
  localizeApiMessage,
} from '@backlay/shared';
import { SCREENSHOT_ACCEPT, screenshotError, utrSchema } from '../forms/validation';
import { depositRangeFromSettings, depositRangeHint, type DepositRange } from '../payments/deposit-range';
import { buildUpiPaymentLink, formatUpiAmount, randomTransactionRef } from '../payments/upi-link';
import { useT } from '../i18n';
import { CopyButton } from '../ui/CopyButton';
import { UpiQrCode } from '../ui/UpiQrCode';

/**
 * /deposit (docs/rules/product.md §2): the amount first, then the UPI Payment and Account Transfer panels with
 * the operator's details (get-payment-list), each with its own UTR, screenshot and Pay Now.
 * Everything after the amount stays disabled until a valid amount above 0 is typed. A successful
 * request starts the page again (new form, new transaction reference).
 */
export function Deposit() {
  const [round, setRound] = useState(0);
  return <DepositPage key={round} onSubmitted={() => setRound((r) => r + 1)} />;
}

function DepositPage({ onSubmitted }: { onSubmitted: () => void }) {
  const t = useT();
  const { payments: paymentsApi, settings: settingsApi } = useApis();
  const [amountText, setAmountText] = useState('');
  const [amountTouched, setAmountTouched] = useState(false);
  const [transactionRef] = useState(() => randomTransactionRef());
  const settings = useLoad(paymentsApi.paymentSettings);
  // The range is only a hint here (the server enforces it); without the settings the defaults show.
  const rangeRows = useLoad(settingsApi.list);
  const range = depositRangeFromSettings(rangeRows.load.state === 'done' ? rangeRows.load.value : null);

  const amountMessage = rupeeAmountError(amountText);
  const amount = amountMessage === null ? Number(amountText.trim()) : null;
  const enabled = amount !== null;

  return (
    <Page title={t('deposit.title')}>
      <div className="bl-form">
        <TextField
          label={t('deposit.amount')}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={amountText}
          onChange={(e) => setAmountText(e.target.value)}
          onBlur={() => setAmountTouched(true)}
          error={(amountTouched || amountText !== '') && (amountMessage ?? false)}
          hint={enabled ? null : t('deposit.amountHint')}
        />
      </div>
      {settings.load.state === 'loading' ? <Spinner label={t('deposit.loadingDetails')} /> : null}
      {settings.load.state === 'fail' ? (
        <p className="bl-form-error" role="alert">
          {t('deposit.detailsFailed', { message: localizeApiMessage(settings.load.message) })}
        </p>
      ) : null}
      {settings.load.state === 'done' ? (
        <div className="bl-pay-panels">
          <UpiPanel settings={settings.load.value} amount={amount} transactionRef={transactionRef} range={range} amountText={amountText} onSubmitted={onSubmitted} />
          <BankPanel settings={settings.load.value} enabled={enabled} range={range} amountText={amountText} onSubmitted={onSubmitted} />
        </div>
      ) : null}
      <BuildTag app="payments" label={__BUILD_LABEL__} />
    </Page>
  );
}

/**
 * A sentence with one link: the catalog marks the link's words with <0>…</0> (the words move
 * with the language).
 */
function WithLink({ text, href }: { text: string; href: string }) {
  const match = /^(.*)<0>(.*)<\/0>(.*)$/s.exec(text);
  if (match === null) return <>{text}</>;
  return (
    <>
      {match[1]}
      <a href={href}>{match[2]}</a>
      {match[3]}
    </>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="bl-pay-panel" aria-labelledby={id}>
      <h2 id={id} className="bl-section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** One detail of the operator's account with its copy button. */
function Detail({ label, value, copyLabel, enabled }: { label: string; value: string; copyLabel: string; enabled: boolean }) {
  return (
    <div className="bl-pay-detail">
      <span className="bl-pay-detail__label">{label}</span>
      <span className="bl-pay-detail__value">{value || '—'}</span>
      <CopyButton label={copyLabel} text={value} disabled={!enabled} />
    </div>
  );
}

function UpiPanel({ settings, amount, transactionRef, range, amountText, onSubmitted }: { settings: PaymentSettings; amount: number | null; transactionRef: number; range: DepositRange; amountText: string; onSubmitted: () => void }) {
  const enabled = amount !== null;
  const configured = settings.upiId !== '';
  const t = useT();
  const link = enabled && configured ? buildUpiPaymentLink({ upiId: settings.upiId, upiName: settings.upiName, amountRupees: amount, transactionRef }) : null;
  return (
    <Panel title={t('deposit.upi.title')}>
      {configured ? (
        <>
          <Detail label={t('deposit.upi.id')} value={settings.upiId} copyLabel={t('deposit.upi.copyId')} enabled={enabled} />
          <div className="bl-qr-box">
            {link && amount !== null ? (
              <>
                <UpiQrCode link={link} label={t('deposit.upi.qrLabel', { amount: `₹${formatRupees(amount)}`, upiId: settings.upiId })} />
                <p className="bl-hint">
                  <WithLink text={t('deposit.upi.scan')} href={link} /> {t('deposit.upi.reference', { reference: String(transactionRef), amount: `₹${formatUpiAmount(amount)}` })}
                </p>
              </>
            ) : (
              <p className="bl-qr-box__off">{t('deposit.upi.qrOff')}</p>
            )}
          </div>
        </>
      ) : (
        <p className="bl-hint">{t('deposit.upi.notSetUp')}</p>
      )}
      <DepositForm accountType="upi" enabled={enabled} range={range} amountText={amountText} onSubmitted={onSubmitted} />
    </Panel>
  );
}

function BankPanel({ settings, enabled, range, amountText, onSubmitted }: { settings: PaymentSettings; enabled: boolean; range: DepositRange; amountText: string; onSubmitted: () => void }) {
  const t = useT();
  const configured = settings.accountNumber !== '';
  return (
    <Panel title={t('deposit.bank.title')}>
      {configured ? (
        <>
          <Detail label={t('deposit.bank.holder')} value={settings.accountHolderName} copyLabel={t('deposit.bank.copyHolder')} enabled={enabled} />
          <Detail label={t('deposit.bank.number')} value={settings.accountNumber} copyLabel={t('deposit.bank.copyNumber')} enabled={enabled} />
          <Detail label={t('deposit.bank.ifsc')} value={settings.ifscCode} copyLabel={t('deposit.bank.copyIfsc')} enabled={enabled} />
        </>
      ) : (
        <p className="bl-hint">{t('deposit.bank.notSetUp')}</p>
      )}
      <DepositForm accountType="bank" enabled={enabled} range={range} amountText={amountText} onSubmitted={onSubmitted} />
    </Panel>
  );
}

const utrOnly = yup.object({ utrno: utrSchema });

/**
 * The UTR, screenshot and Pay Now of one panel. One Idempotency-Key per submission, reused when
 * the same submission (amount, panel, UTR, file) is sent again after a failure, so a retry after
 * a lost answer cannot file the deposit twice.
 */
function DepositForm({ accountType, enabled, range, amountText, onSubmitted }: { accountType: 'upi' | 'bank'; enabled: boolean; range: DepositRange; amountText: string; onSubmitted: () => void }) {
  const t = useT();
  const { payments: paymentsApi } = useApis();
  const submission = useRef<{ key: string; signature: string } | null>(null);
  const formik = useFormik<{ utrno: string; image: File | null }>({
    initialValues: { utrno: '', image: null },
    validate: async (values) => {
      const errors: Partial<Record<'utrno' | 'image', string>> = {};
      try {
        await utrOnly.validate({ utrno: values.utrno });
      } catch (error) {
        errors.utrno = (error as yup.ValidationError).message;
      }
      const imageMessage = screenshotError(values.image);
      if (imageMessage !== null) errors.image = imageMessage;
      return errors;
    },
    onSubmit: async (values) => {
      if (values.image === null) return;
      const body: DepositSubmission = { amount: amountText.trim(), accountType, utrno: values.utrno.trim(), image: values.image };
      const signature = JSON.stringify([body.amount, accountType, body.utrno, values.image.name, values.image.size, values.image.lastModified]);
      if (submission.current?.signature !== signature) submission.current = { key: newIdempotencyKey(), signature };
      try {
        const res = await paymentsApi.addDeposit(body, submission.current.key);
        notify('success', res.message);
        onSubmitted();
      } catch (error) {
        notifyFailure(error);
      }
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // docs/rules/product.md §5: a deposit without a screenshot is also announced as a toast.
    if (formik.values.image === null) notify('error', MESSAGES.imageRequired);
    formik.handleSubmit(event);
  };
  const disabled = !enabled || formik.isSubmitting;
  return (
    <form className="bl-pay-form" onSubmit={submit} noValidate>
      <TextField
        label={t('deposit.utr')}
        name="utrno"
        autoComplete="off"
        disabled={!enabled}
        value={formik.values.utrno}
        onChange={formik.handleChange}
        onBlur={formik.handleBlur}
        error={formik.touched.utrno && formik.errors.utrno}
      />
      <TextField
        label={t('deposit.screenshot')}
        name="image"
        type="file"
        accept={SCREENSHOT_ACCEPT}
        disabled={!enabled}
        onChange={(e) => {
          void formik.setFieldTouched('image', true, false);
          void formik.setFieldValue('image', e.currentTarget.files?.[0] ?? null);
        }}
        error={formik.touched.image && formik.errors.image}
        hint={t('deposit.screenshotHint')}
      />
      <Button type="submit" disabled={disabled}>
        {formik.isSubmitting ? t('deposit.sending') : t('deposit.payNow')}
      </Button>
      <p className="bl-hint bl-pay-form__range">{depositRangeHint(range)}</p>
    </form>
  );
}
