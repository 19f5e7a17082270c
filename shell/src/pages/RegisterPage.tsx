import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { useFormik } from 'formik';
import * as yup from 'yup';
import {
  ApiError,
  Button,
  MESSAGES,
  ROUTES,
  TextField,
  notify,
  preloadPasswordPolicy,
  previewPasswordPolicy,
  readCredentials,
  useApis,
} from '@backlay/shared';
import { REGISTER_MESSAGES, normalizeIndianMobile, type RegistrationLogs } from '@backlay/shared/contracts';
import { localizeApiMessage } from '@backlay/shared/i18n';
import { useT } from '../i18n/pages';
import { firstLoginStep, isMobileViewport, landingPath } from '../session/landing';
import { solveProofOfWork } from '../session/proof-of-work';
import { completeLogin } from '../session/session';
import { SiteBrand, SupportContact } from '../site/SiteBrand';

export const registerSchema = yup.object({
  username: yup.string().trim().required(MESSAGES.usernameRequired),
  password: yup
    .string()
    .required(MESSAGES.passwordRequired)
    .test('password-policy', async function policy(value) {
      if (!value) return true;
      const username = (this.parent as { username?: string }).username?.trim() || null;
      const problem = await previewPasswordPolicy(value, { username, previousPassword: null });
      return problem === null || this.createError({ message: problem });
    }),
  phone: yup
    .string()
    .required(REGISTER_MESSAGES.phoneRequired)
    .test('indian-mobile', REGISTER_MESSAGES.phoneInvalid, (value) => !value || normalizeIndianMobile(value) !== null),
  otp: yup.string(),
});

/** What the browser says about itself (docs/rules/product.md §3 `logs`): the server keeps it only as a note. */
function deviceNotes(): RegistrationLogs {
  const notes: RegistrationLogs = { language: navigator.language, screen: `${window.screen.width}x${window.screen.height}` };
  try {
    notes.timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    // No time zone: leave it out.
  }
  return notes;
}

/**
 * What a failed Send OTP says (docs/rules/product.md §8): a network error 'Error sending OTP'; a
 * refusal of the server (4xx) its own message; a failure of the server (5xx, whose message is the
 * generic one) or an answer without a message 'Failed to send OTP'.
 */
function sendOtpFailure(error: unknown): string {
  if (error instanceof ApiError && error.code === 'NETWORK') return REGISTER_MESSAGES.otpSendError;
  if (error instanceof ApiError && error.status >= 500) return REGISTER_MESSAGES.otpSendFailed;
  return error instanceof Error && error.message ? error.message : REGISTER_MESSAGES.otpSendFailed;
}

type Notice = { kind: 'success' | 'error'; text: string } | null;

/**
 * /register (docs/rules/product.md §2, §4, §5, §8): username, password, phone and OTP. The phone is unverified
 * until a Send OTP succeeds; then the OTP field opens and the button reads Resend OTP. Send OTP
 * and Register each solve the self-hosted proof-of-work captcha in the browser first; the send's
 * answer carries a nonce that Register presents with the code (ADR 0024). Register then starts
 * the session exactly as login does.
 */
export function RegisterPage() {
  const t = useT();
  const { registration: registrationApi } = useApis();
  const navigate = useNavigate();
  const [signedInOnArrival] = useState(() => Boolean(readCredentials('player').token));
  /** The nonce of the last successful send: the phone counts as unverified until there is one. */
  const [otpNonce, setOtpNonce] = useState<string | null>(null);
  const otpSent = otpNonce !== null;
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [checking, setChecking] = useState(false);
  useEffect(preloadPasswordPolicy, []);

  const formik = useFormik({
    initialValues: { username: '', password: '', phone: '', otp: '' },
    validationSchema: registerSchema,
    onSubmit: async (values, helpers) => {
      helpers.setStatus(undefined);
      if (otpNonce === null) return helpers.setStatus(REGISTER_MESSAGES.verifyPhoneFirst);
      if (values.otp.trim() === '') return helpers.setStatus(REGISTER_MESSAGES.enterOtp);
      try {
        setChecking(true);
        const captcha = await solveProofOfWork(await registrationApi.captchaChallenge());
        setChecking(false);
        const res = await registrationApi.register({
          username: values.username.trim(),
          password: values.password,
          phone: values.phone.trim(),
          otp: values.otp.trim(),
          nonce: otpNonce,
          logs: deviceNotes(),
          isDemo: false,
          captcha,
        });
        const user = await completeLogin('player', res.data);
        notify('success', res.message);
        navigate(firstLoginStep('player', user) ?? landingPath(user.role, 'player', isMobileViewport()), { replace: true });
      } catch (error) {
        setChecking(false);
        helpers.setStatus(error instanceof Error && error.message ? error.message : MESSAGES.internal);
      }
    },
  });

  if (signedInOnArrival) return <Navigate to={ROUTES.home.path} replace />;

  const sendOtp = async () => {
    setNotice(null);
    const phone = formik.values.phone.trim();
    if (phone === '') {
      setNotice({ kind: 'error', text: REGISTER_MESSAGES.enterPhoneFirst });
      return;
    }
    setSending(true);
    try {
      const captcha = await solveProofOfWork(await registrationApi.captchaChallenge());
      const res = await registrationApi.sendOtp({ phone, captcha });
      setOtpNonce(res.data.nonce);
      // The phone is verified now: 'Please verify your phone with OTP first.' (or any earlier
      // refusal of Register) no longer holds.
      formik.setStatus(undefined);
      setNotice({ kind: 'success', text: REGISTER_MESSAGES.otpSent });
      notify('success', REGISTER_MESSAGES.otpSent);
    } catch (error) {
      setNotice({ kind: 'error', text: sendOtpFailure(error) });
    } finally {
      setSending(false);
    }
  };

  const field = (name: keyof typeof formik.values) => ({
    name,
    value: formik.values[name],
    onChange: formik.handleChange,
    onBlur: formik.handleBlur,
    error: formik.touched[name] && formik.errors[name],
  });

  return (
    <main className="bl-auth">
      <form className="bl-auth__card" onSubmit={formik.handleSubmit} noValidate aria-labelledby="register-title">
        <SiteBrand className="bl-auth__brand" />
        <h1 id="register-title">{t('register.title')}</h1>
        <TextField label={t('field.username')} autoComplete="username" {...field('username')} />
        <TextField label={t('field.password')} type="password" autoComplete="new-password" {...field('password')} />
        <TextField label={t('register.phone')} type="tel" inputMode="tel" autoComplete="tel" placeholder={t('register.phonePlaceholder')} {...field('phone')} />
        <Button type="button" variant="secondary" onClick={() => void sendOtp()} disabled={sending}>
          {sending ? t('register.sending') : otpSent ? t('register.resendOtp') : t('register.sendOtp')}
        </Button>
        {notice ? (
          <p className={notice.kind === 'error' ? 'bl-form-error' : 'bl-auth__ok'} role={notice.kind === 'error' ? 'alert' : 'status'}>
            {localizeApiMessage(notice.text)}
          </p>
        ) : null}
        <TextField label={t('register.otp')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} disabled={!otpSent} {...field('otp')} />
        {formik.status ? (
          <p className="bl-form-error" role="alert">
            {localizeApiMessage(formik.status as string)}
          </p>
        ) : null}
        <Button type="submit" disabled={formik.isSubmitting}>
          {checking ? t('register.checking') : formik.isSubmitting ? t('register.registering') : t('register.submit')}
        </Button>
        <p className="bl-auth__captcha">
          {t('register.captchaNote')}
        </p>
        <p className="bl-auth__switch">
          {t('register.haveAccount')} <Link to={ROUTES.login.path}>{t('footer.login')}</Link>
        </p>
        <footer className="bl-auth__footer">
          <Link to={ROUTES.termsAndConditions.path}>{t('footer.terms')}</Link>
          <Link to={ROUTES.responsibleGaming.path}>{t('footer.responsibleGaming')}</Link>
          <SupportContact />
        </footer>
      </form>
    </main>
  );
}
