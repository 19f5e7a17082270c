import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { readCredentials, type Area } from '@backlay/shared';
import { SignInCard } from './SignInCard';

/**
 * Player login (/login) and admin login (/admin/login) inside the app (after a logout or an
 * expired session): separate endpoints, separate keys. An area already signed in when the page
 * opens goes to its home. A first visit to a sign-in page renders SignInCard without the app
 * (bootstrap.tsx).
 */
export function LoginPage({ area }: { area: Area }) {
  const navigate = useNavigate();
  const [signedInOnArrival] = useState(() => Boolean(readCredentials(area).token));
  if (signedInOnArrival) return <Navigate to={area === 'admin' ? '/admin' : '/'} replace />;
  return <SignInCard area={area} onSignedIn={(path) => navigate(path, { replace: true })} />;
}
