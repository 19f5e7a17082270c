import { useEffect, useState, type FormEvent } from 'react';
import {
  Button,
  EmptyState,
  MESSAGES,
  SECURITY_MESSAGES,
  Spinner,
  TextField,
  notify,
  useLoad,
  useApis,
  type TwoFactorEnrolment,
  type TwoFactorStatus,
} from '@backlay/shared';
import { localizeApiMessage } from '@backlay/shared/i18n';
import { useT } from '../../i18n/pages';
import { Rich } from '../../i18n/Rich';
import { SecretQrCode } from './SecretQrCode';

/** The secret in groups of four, easier to type into an app by hand. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : MESSAGES.internal);

/**
 * Two-factor authentication of the signed-in user: set up (QR code drawn locally + the secret
 * in text, confirmed by a first code), the ten recovery codes shown once, and switching it off
 * with the password and a code. `onStatus` tells the page the status whenever it is known.
 */
export function TwoFactorSection({ onStatus }: { onStatus?: (status: TwoFactorStatus) => void }) {
  const t = useT();
  const { security: securityApi } = useApis();
  const { load, reload } = useLoad(() => securityApi.status());
  useEffect(() => {
    if (load.state === 'done') onStatus?.(load.value);
  }, [load, onStatus]);
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const res = await securityApi.enrol();
      setEnrolment(res.data);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  const done = (status: TwoFactorStatus) => {
    reload();
    onStatus?.(status);
  };

  let body;
  if (recoveryCodes !== null) {
    body = (
      <RecoveryCodes
        codes={recoveryCodes}
        onDone={() => {
          setRecoveryCodes(null);
          setEnrolment(null);
        }}
      />
    );
  } else if (enrolment !== null) {
    body = (
      <ConfirmEnrolment
        enrolment={enrolment}
        onConfirmed={(codes) => {
          setRecoveryCodes(codes);
          done({ enabled: true, pending: false, recoveryCodesLeft: codes.length, required: false });
        }}
        onCancel={() => setEnrolment(null)}
      />
    );
  } else if (load.state === 'loading') {
    body = <Spinner label={t('twoFactor.loading')} />;
  } else if (load.state === 'fail') {
    body = <EmptyState>{t('twoFactor.loadFailed', { message: localizeApiMessage(load.message) })}</EmptyState>;
  } else if (load.value.enabled) {
    body = (
      <>
        <p role="status">
          <Rich text={t('twoFactor.isOn', { count: load.value.recoveryCodesLeft })} tags={[(words) => <strong>{words}</strong>]} />
        </p>
        <DisableForm onDisabled={() => done({ ...load.value, enabled: false, recoveryCodesLeft: 0 })} />
      </>
    );
  } else {
    body = (
      <>
        {load.value.required ? (
          <p className="bl-form-error" role="alert">
            {localizeApiMessage(SECURITY_MESSAGES.twoFactorEnrolRequired)}
          </p>
        ) : null}
        <p role="status">
          <Rich text={t('twoFactor.isOff')} tags={[(words) => <strong>{words}</strong>]} />
        </p>
        {error ? (
          <p className="bl-form-error" role="alert">
            {localizeApiMessage(error)}
          </p>
        ) : null}
        <Button type="button" onClick={() => void start()} disabled={busy}>
          {busy ? t('twoFactor.starting') : t('twoFactor.setUp')}
        </Button>
      </>
    );
  }

  return (
    <section className="bl-security__section" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title">{t('twoFactor.title')}</h2>
      {body}
    </section>
  );
}

function ConfirmEnrolment({
  enrolment,
  onConfirmed,
  onCancel,
}: {
  enrolment: TwoFactorEnrolment;
  onConfirmed: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const { security: securityApi } = useApis();
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const problem = /^\d{6}$/.test(code.trim()) ? null : SECURITY_MESSAGES.twoFactorCodeRequired;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem !== null || busy) return;
    setBusy(true);
    setServerError(null);
    try {
      const res = await securityApi.confirm({ code: code.trim() });
      notify('success', res.message);
      onConfirmed(res.data.recoveryCodes);
    } catch (failure) {
      setServerError(messageOf(failure));
      setBusy(false);
    }
  };

  return (
    <form className="bl-form" onSubmit={(e) => void submit(e)} noValidate aria-label={t('twoFactor.confirmLabel')}>
      <p>{t('twoFactor.step1')}</p>
      <SecretQrCode uri={enrolment.otpauthUri} label={t('twoFactor.qrLabel')} />
      <p>
        {t('twoFactor.byHand')}{' '}
        <code className="bl-security__secret" data-testid="two-factor-secret" aria-label={t('twoFactor.secretKey')}>
          {groupSecret(enrolment.secret)}
        </code>
      </p>
      <p>{t('twoFactor.step2')}</p>
      <TextField
        label={t('twoFactor.codeLabel')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        onBlur={() => setTouched(true)}
        error={touched && problem !== null ? problem : false}
      />
      {serverError ? (
        <p className="bl-form-error" role="alert">
          {localizeApiMessage(serverError)}
        </p>
      ) : null}
      <div className="bl-security__actions">
        <Button type="submit" disabled={busy}>
          {busy ? t('twoFactor.checking') : t('twoFactor.turnOn')}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useT();
  return (
    <div role="region" aria-label={t('twoFactor.recoveryCodes')}>
      <p className="bl-auth__notice" role="status">
        {t('twoFactor.saveCodes')}
      </p>
      <ol className="bl-recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <Button type="button" onClick={onDone}>
        {t('twoFactor.savedCodes')}
      </Button>
    </div>
  );
}

function DisableForm({ onDisabled }: { onDisabled: () => void }) {
  const t = useT();
  const { security: securityApi } = useApis();
  const [values, setValues] = useState({ password: '', code: '' });
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const errors = {
    password: values.password === '' ? MESSAGES.passwordRequired : null,
    code: values.code.trim() === '' ? SECURITY_MESSAGES.twoFactorCodeRequired : null,
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (errors.password !== null || errors.code !== null || busy) return;
    setBusy(true);
    setServerError(null);
    try {
      const res = await securityApi.disable({ password: values.password, code: values.code.trim() });
      notify('success', res.message);
      onDisabled();
    } catch (failure) {
      setServerError(messageOf(failure));
      setBusy(false);
    }
  };

  return (
    <form className="bl-form" onSubmit={(e) => void submit(e)} noValidate aria-label={t('twoFactor.turnOffLabel')}>
      <h3>{t('twoFactor.turnOffTitle')}</h3>
      <TextField
        label={t('field.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
        error={touched && errors.password !== null ? errors.password : false}
      />
      <TextField
        label={t('twoFactor.codeOrRecovery')}
        name="code"
        autoComplete="one-time-code"
        value={values.code}
        onChange={(e) => setValues((v) => ({ ...v, code: e.target.value }))}
        error={touched && errors.code !== null ? errors.code : false}
      />
      {serverError ? (
        <p className="bl-form-error" role="alert">
          {localizeApiMessage(serverError)}
        </p>
      ) : null}
      <Button type="submit" variant="secondary" disabled={busy}>
        {busy ? t('twoFactor.turningOff') : t('twoFactor.turnOff')}
      </Button>
    </form>
  );
}
