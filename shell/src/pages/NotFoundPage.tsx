import { Link, useLocation } from 'react-router';
import { isAdminPath } from '@backlay/shared';

/** Any unknown path (docs/rules/product.md §2). */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <div className="bl-auth">
      <div className="bl-auth__card">
        <h1>Page not found</h1>
        <p>
          There is nothing at <code>{pathname}</code>.
        </p>
        <Link to={isAdminPath(pathname) ? '/admin' : '/'}>Go to the home page</Link>
      </div>
    </div>
  );
}
