import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useFormik } from 'formik';
import * as yup from 'yup';
import { Button, MESSAGES, TextField, authApi, readCredentials, type Area } from '@backlay/shared';
import { firstLoginStep, isMobileViewport, landingPath } from '../session/landing';
import { completeLogin } from '../session/session';

const schema = yup.object({
  username: yup.string().trim().required(MESSAGES.usernameRequired),
  password: yup.string().required(MESSAGES.passwordRequired),
});

/** Player login (/login) and admin login (/admin/login): separate endpoints, separate keys. */
export function LoginPage({ area }: { area: Area }) {
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const formik = useFormik({
    initialValues: { username: '', password: '' },
    validationSchema: schema,
    onSubmit: async (values) => {
      setServerError(null);
      try {
        const body = { username: values.username.trim(), password: values.password };
        const res = area === 'admin' ? await authApi.loginAdmin(body) : await authApi.login(body);
        const user = await completeLogin(area, res.data);
        navigate(firstLoginStep(area, user) ?? landingPath(user.role, area, isMobileViewport()), { replace: true });
      } catch (error) {
        setServerError(error instanceof Error ? error.message : MESSAGES.internal);
      }
    },
  });
  if (readCredentials(area).token && !formik.isSubmitting && formik.submitCount === 0) {
    return <Navigate to={area === 'admin' ? '/admin' : '/'} replace />;
  }
  const title = area === 'admin' ? 'Agent sign in' : 'Sign in';
  return (
    <div className="bl-auth">
      <form className="bl-auth__card" onSubmit={formik.handleSubmit} noValidate aria-labelledby="login-title">
        <div className="bl-auth__brand">
          <span className="bl-logo" aria-hidden="true">B</span> Backlay
        </div>
        <h1 id="login-title">{title}</h1>
        <TextField label="Username" name="username" autoComplete="username" value={formik.values.username} onChange={formik.handleChange} onBlur={formik.handleBlur} error={formik.touched.username && formik.errors.username} />
        <TextField label="Password" name="password" type="password" autoComplete="current-password" value={formik.values.password} onChange={formik.handleChange} onBlur={formik.handleBlur} error={formik.touched.password && formik.errors.password} />
        {serverError ? (
          <p className="bl-form-error" role="alert">
            {serverError}
          </p>
        ) : null}
        <Button type="submit" disabled={formik.isSubmitting}>
          {formik.isSubmitting ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
    </div>
  );
}
