import { useState, type ChangeEvent, type FormEvent } from 'react';
import { MESSAGES, ROUTES, SECURITY_MESSAGES, type Area } from '@backlay/shared/contracts';
import { signOutNotice } from '@backlay/shared/sign-out';
import { localizeApiMessage } from '@backlay/shared/i18n';
import { Button, TextField } from '@backlay/shared/ui/kit';
import { useT } from '../i18n';
import { LanguageSwitch } from '../layout/LanguageSwitch';
import { SiteBrand, SupportContact } from '../site/SiteBrand';
import { ThemeSwitch } from '../theme/ThemeSwitch';

type Field = 'username' | 'password';

/** The form's own checks, with the API's messages (the server checks again). */
export function signInErrors(values: Record<Field, string>): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (values.username.trim() === '') errors.username = MESSAGES.usernameRequired;
  if (values.password === '') errors.password = MESSAGES.passwordRequired;
  return errors;
}

/**
 * The sign-in card of /login and /admin/login. It is what a first visit to a sign-in page loads, so
 * it imports no router and nothing of the `@backlay/shared` singleton (only the contracts' messages,
 * the sign-out notice and the UI kit, bundled into the shell): the session code — API client, stores, sockets — is
 * loaded when the form is sent (`session/sign-in`), and the rest of the app after sign-in.
 * `onSignedIn` gets the path to go to (the first-login step or the landing page).
 */
export function SignInCard({ area, onSignedIn }: { area: Area; onSignedIn: (path: string) => void }) {
  const t = useT();
  const [values, setValues] = useState<Record<Field, string>>({ username: '', password: '' });
  const [touched, setTouched] = useState<Record<Field, boolean>>({ username: false, password: false });
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  // Why this tab was signed out (a lock or password reset by an agent, a sign-out elsewhere, a
  // revoked session, a password change, another sign-in), until the next sign-in.
  const [notice] = useState(() => signOutNotice(area));
  // Two-factor on: the password was right and the second step's code is due.
  const [challenge, setChallenge] = useState<string | null>(null);
  const errors = signInErrors(values);
  const change = (event: ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [event.target.name]: event.target.value }));
  const blur = (event: ChangeEvent<HTMLInputElement>) => setTouched((t) => ({ ...t, [event.target.name]: true }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ username: true, password: true });
    if (submitting || Object.keys(errors).length > 0) return;
    setServerError(null);
    setSubmitting(true);
    try {
      const { signIn } = await import(/* webpackChunkName: "sign-in" */ '../session/sign-in');
      const next = await signIn(area, values);
      if (typeof next === 'string') {
        onSignedIn(next);
        return;
      }
      setChallenge(next.challenge);
      setSubmitting(false);
    } catch (error) {
      setServerError(error instanceof Error && error.message ? error.message : MESSAGES.internal);
      setSubmitting(false);
    }
  };

  const title = area === 'admin' ? t('signIn.agentTitle') : t('signIn.title');
  if (challenge !== null) {
    return <SecondStepCard area={area} title={title} challenge={challenge} onSignedIn={onSignedIn} onRestart={() => setChallenge(null)} />;
  }
  return (
    <main className="bl-auth">
      <ThemeSwitch className="bl-auth__theme" />
      <form className="bl-auth__card" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="login-title">
        <div className="bl-auth__top">
          <SiteBrand className="bl-auth__brand" />
          <LanguageSwitch className="bl-lang bl-lang--card" />
        </div>
        <h1 id="login-title">{title}</h1>
        {notice && !serverError ? (
          <p className="bl-auth__notice" role="status">
            {localizeApiMessage(notice)}
          </p>
        ) : null}
        <TextField label={t('signIn.username')} name="username" autoComplete="username" value={values.username} onChange={change} onBlur={blur} error={touched.username && errors.username} />
        <TextField label={t('signIn.password')} name="password" type="password" autoComplete="current-password" value={values.password} onChange={change} onBlur={blur} error={touched.password && errors.password} />
        {serverError ? (
          <p className="bl-form-error" role="alert">
            {localizeApiMessage(serverError)}
          </p>
        ) : null}
        <Button type="submit" disabled={submitting}>
          {submitting ? t('signIn.submitting') : t('signIn.submit')}
        </Button>
        {area === 'player' ? (
          // A plain link: the first visit draws this card without the router (bootstrap.tsx).
          <p className="bl-auth__switch">
            {t('signIn.newHere')} <a href={ROUTES.register.path}>{t('signIn.register')}</a>
          </p>
        ) : null}
        {area === 'player' ? (
          <footer className="bl-auth__footer">
            <SupportContact />
          </footer>
        ) : null}
      </form>
    </main>
  );
}

/**
 * The second step of a login with two-factor: a current code of the authenticator app, or one of
 * the recovery codes. A wrong code may be tried again (the server throttles); "Start over" goes
 * back to the password (an expired step says so).
 */
function SecondStepCard({
  area,
  title,
  challenge,
  onSignedIn,
  onRestart,
}: {
  area: Area;
  title: string;
  challenge: string;
  onSignedIn: (path: string) => void;
  onRestart: () => void;
}) {
  const t = useT();
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const error = code.trim() === '' ? SECURITY_MESSAGES.twoFactorCodeRequired : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (submitting || error !== null) return;
    setServerError(null);
    setSubmitting(true);
    try {
      const { signInWithCode } = await import(/* webpackChunkName: "sign-in" */ '../session/sign-in');
      onSignedIn(await signInWithCode(area, challenge, code));
    } catch (failure) {
      setServerError(failure instanceof Error && failure.message ? failure.message : MESSAGES.internal);
      // A fresh field for the next try, without the "required" message on top of the server's.
      setCode('');
      setTouched(false);
      setSubmitting(false);
    }
  };

  return (
    <main className="bl-auth">
      <ThemeSwitch className="bl-auth__theme" />
      <form className="bl-auth__card" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="login-title">
        <div className="bl-auth__top">
          <SiteBrand className="bl-auth__brand" />
          <LanguageSwitch className="bl-lang bl-lang--card" />
        </div>
        <h1 id="login-title">{title}</h1>
        <p className="bl-auth__notice" role="status">
          {t('signIn.twoFactor.on')}
        </p>
        <TextField
          label={t('signIn.twoFactor.code')}
          name="code"
          autoComplete="one-time-code"
          inputMode="text"
          autoFocus
          value={code}
          onChange={(e) => setCode(e.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && error !== null ? error : false}
          hint={t('signIn.twoFactor.hint')}
        />
        {serverError ? (
          <p className="bl-form-error" role="alert">
            {localizeApiMessage(serverError)}
          </p>
        ) : null}
        <Button type="submit" disabled={submitting}>
          {submitting ? t('signIn.twoFactor.verifying') : t('signIn.twoFactor.verify')}
        </Button>
        <Button type="button" variant="link" onClick={onRestart}>
          {t('signIn.twoFactor.startOver')}
        </Button>
      </form>
    </main>
  );
}
