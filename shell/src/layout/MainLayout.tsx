import { NavLink, Outlet } from 'react-router';
import { Button, ROUTES, SPORTS_ADMIN_ROLES, formatRupees, hideFlags$, toggleHide, useObservable, user$, type Area } from '@backlay/shared';
import { endSession } from '../session/session';

function Amount({ label, value, hidden, onToggle }: { label: string; value: number; hidden: boolean; onToggle: () => void }) {
  return (
    <div className="bl-amount">
      <span className="bl-amount__label">{label}</span>
      <span className="bl-amount__value" aria-label={label} data-testid={`header-${label.toLowerCase()}`}>
        {hidden ? '••••' : formatRupees(value)}
      </span>
      <button type="button" className="bl-amount__toggle" aria-pressed={hidden} aria-label={`${hidden ? 'Show' : 'Hide'} ${label.toLowerCase()}`} onClick={onToggle}>
        {hidden ? 'Show' : 'Hide'}
      </button>
    </div>
  );
}

/** The signed-in layout: header with balance and exposure (each hideable), navigation, the page. */
export function MainLayout({ area }: { area: Area }) {
  const user = useObservable(user$, null);
  const hide = useObservable(hideFlags$, { balance: false, exposure: false });
  if (!user) return null;
  const firstLogin = user.changePassAndTxn;
  const links =
    area === 'admin'
      ? [
          { to: ROUTES.adminHome.path, label: 'Clients', end: true },
          { to: ROUTES.adminAccountStatement.path, label: 'Statement', end: false },
          ...(SPORTS_ADMIN_ROLES.includes(user.role) ? [{ to: ROUTES.adminSettings.path, label: 'Settings', end: false }] : []),
          { to: ROUTES.adminChangePassword.path, label: 'Change password', end: false },
        ]
      : [
          { to: ROUTES.home.path, label: 'Home', end: true },
          { to: '/match/4', label: 'Cricket', end: false },
          { to: '/match/1', label: 'Soccer', end: false },
          { to: '/match/2', label: 'Tennis', end: false },
          { to: ROUTES.accountStatement.path, label: 'Statement', end: false },
          { to: ROUTES.changePassword.path, label: 'Change password', end: false },
        ];
  return (
    <div className="bl-app">
      <header className="bl-header">
        <div className="bl-header__brand">
          <span className="bl-logo" aria-hidden="true">B</span>
          <span>Backlay{area === 'admin' ? ' Admin' : ''}</span>
        </div>
        <div className="bl-header__money" aria-label="Wallet">
          <Amount label="Balance" value={user.balance} hidden={hide.balance} onToggle={() => toggleHide('balance')} />
          <Amount label="Exposure" value={user.exposer} hidden={hide.exposure} onToggle={() => toggleHide('exposure')} />
        </div>
        <div className="bl-header__user">
          <span className="bl-header__name" data-testid="header-username">
            {user.username} <small>{user.roleLabel}</small>
          </span>
          <Button variant="secondary" onClick={() => void endSession(area, 'logout')}>
            Logout
          </Button>
        </div>
      </header>
      {firstLogin ? null : (
        <nav className="bl-nav" aria-label="Main">
          {links.map((l) => (
            <NavLink key={l.to} to={l.to} end={l.end}>
              {l.label}
            </NavLink>
          ))}
        </nav>
      )}
      <main className="bl-main">
        <Outlet />
      </main>
      <footer className="bl-build">shell · build {__BUILD_LABEL__}</footer>
    </div>
  );
}
