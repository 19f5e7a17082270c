import { Link, useLocation } from 'react-router';
import { isAdminPath } from '@backlay/shared';
import { useT } from '../i18n';

/** Any unknown path (docs/rules/product.md §2). */
export function NotFoundPage() {
  const t = useT();
  const { pathname } = useLocation();
  // The path in its own <code>, where the language puts it in the sentence.
  const [before, after] = t('notFound.nothingAt', { path: '\u0000' }).split('\u0000');
  return (
    <main className="bl-auth">
      <div className="bl-auth__card">
        <h1>{t('notFound.title')}</h1>
        <p>
          {before}
          <code>{pathname}</code>
          {after}
        </p>
        <Link to={isAdminPath(pathname) ? '/admin' : '/'}>{t('notFound.home')}</Link>
      </div>
    </main>
  );
}
