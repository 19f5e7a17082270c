import { Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import { NavLink, Outlet, generatePath, useLocation } from 'react-router';
import { BuildTag, Button, ROUTES, lazyWithRetry, availableBalance, formatRupees, hideFlags$, isAdminPath, routeAllowsRole, toggleHide, useObservable, user$, type Area, type PendingPayments, type Role, type RouteDef, type RouteName } from '@backlay/shared';
import { endSession } from '../session/session';
import { SiteBrand, SupportContact } from '../site/SiteBrand';
import { RealityCheck } from './RealityCheck';
import { RgBanner } from './RgBanner';

const PaymentAlerts = lazyWithRetry(() => import('./PaymentAlerts').then((m) => ({ default: m.PaymentAlerts })));

/** The admin menu's counts: the downline's deposit and withdraw requests waiting for a decision. */
export function paymentBadges(pending: PendingPayments | null): Record<string, NavBadge> {
  if (pending === null) return {};
  return {
    [ROUTES.adminDepositStatement.path]: { count: pending.deposit.count, label: `${pending.deposit.count} waiting` },
    [ROUTES.adminWithdrawStatement.path]: { count: pending.withdraw.count, label: `${pending.withdraw.count} waiting` },
  };
}

/**
 * One figure of the header's wallet: a short visible label over the amount in rupees, its full
 * name for assistive technology (`name`), and a toggle that hides it (the player's hide flag).
 */
function Amount({ label, name, testId, value, hidden, onToggle }: { label: string; name: string; testId: string; value: number; hidden: boolean; onToggle: () => void }) {
  return (
    <div className="bl-amount">
      <span className="bl-amount__label">{label}</span>
      <span className="bl-amount__value" aria-label={name} data-testid={testId}>
        {hidden ? '••••' : `₹${formatRupees(value)}`}
      </span>
      <button type="button" className="bl-amount__toggle" aria-pressed={hidden} aria-label={`${hidden ? 'Show' : 'Hide'} ${name.toLowerCase()}`} onClick={onToggle}>
        {hidden ? 'Show' : 'Hide'}
      </button>
    </div>
  );
}

/** A count shown on a menu link (the payment requests waiting), with its words for assistive technology. */
export interface NavBadge {
  count: number;
  label: string;
}

/** One link of the main navigation. */
export interface NavItem {
  to: string;
  label: string;
  /** Active only on exactly this path. */
  end: boolean;
}

/**
 * The main navigation of an area for a role, from the route table (each row's `nav`, in the
 * table's order): only links to routes the role may open (the table's `roles`), so an MDL never
 * sees the sports administration.
 */
export function navLinks(area: Area, role: Role): NavItem[] {
  return (Object.keys(ROUTES) as RouteName[])
    .filter((name) => (isAdminPath(ROUTES[name].path) ? 'admin' : 'player') === area && routeAllowsRole(name, role))
    .flatMap((name) => {
      const def: RouteDef = ROUTES[name];
      return (def.nav ?? []).map((entry) => ({ to: generatePath(def.path, entry.params ?? {}), label: entry.label, end: entry.end ?? false }));
    });
}

/**
 * The main navigation. Every item stays reachable at any width: on a desktop the links wrap onto
 * as many rows as they need; on a phone they stay one row that scrolls sideways, and a "More"
 * button at its end opens a panel listing every item. The panel closes on navigation and Escape.
 */
export function MainNav({ links, badges = {}, extra }: { links: NavItem[]; badges?: Readonly<Record<string, NavBadge>>; extra?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  const badged = Object.values(badges).reduce((sum, badge) => sum + badge.count, 0);
  const label = (l: NavItem) => {
    const badge = badges[l.to];
    return badge !== undefined && badge.count > 0 ? (
      <>
        {l.label}{' '}
        <span className="bl-nav__badge" aria-label={badge.label}>
          {badge.count}
        </span>
      </>
    ) : (
      l.label
    );
  };
  return (
    <div className="bl-navbar">
      <nav className="bl-nav" aria-label="Main">
        {links.map((l) => (
          <NavLink key={l.to} to={l.to} end={l.end}>
            {label(l)}
          </NavLink>
        ))}
      </nav>
      {extra}
      <button type="button" className="bl-navbar__more" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        More
        {badged > 0 ? (
          <>
            {' '}
            <span className="bl-nav__badge" aria-label={`${badged} waiting`}>
              {badged}
            </span>
          </>
        ) : null}
      </button>
      {open ? (
        <nav id={panelId} className="bl-navbar__panel" aria-label="More">
          {links.map((l) => (
            <NavLink key={l.to} to={l.to} end={l.end} onClick={() => setOpen(false)}>
              {label(l)}
            </NavLink>
          ))}
        </nav>
      ) : null}
    </div>
  );
}

/** The signed-in layout: header with the site's brand (ADR 0074), the available balance and the exposure (each hideable), navigation, a player's responsible-gambling banner, the page, a player's support contact. */
export function MainLayout({ area }: { area: Area }) {
  const user = useObservable(user$, null);
  const hide = useObservable(hideFlags$, { balance: false, exposure: false });
  const [pending, setPending] = useState<PendingPayments | null>(null);
  if (!user) return null;
  const firstLogin = user.changePassAndTxn;
  const links = navLinks(area, user.role);
  return (
    <div className="bl-app">
      <header className="bl-header">
        <SiteBrand className="bl-header__brand" suffix={area === 'admin' ? ' Admin' : ''} />
        <div className="bl-header__money" aria-label="Wallet">
          {/* What the player can stake or withdraw now (balance less exposure), the figure the casino games show too. */}
          <Amount label="Available" name="Available balance" testId="header-available" value={availableBalance(user)} hidden={hide.balance} onToggle={() => toggleHide('balance')} />
          <Amount label="Exposure" name="Exposure" testId="header-exposure" value={user.exposer} hidden={hide.exposure} onToggle={() => toggleHide('exposure')} />
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
        <MainNav
          links={links}
          badges={area === 'admin' ? paymentBadges(pending) : undefined}
          extra={
            area === 'admin' ? (
              // The agent's live payment queue, loaded with the admin area only.
              <Suspense fallback={null}>
                <PaymentAlerts onPending={setPending} />
              </Suspense>
            ) : null
          }
        />
      )}
      {area === 'player' && !firstLogin ? <RgBanner /> : null}
      <main className="bl-main">
        <Outlet />
      </main>
      {area === 'player' && !firstLogin ? <RealityCheck /> : null}
      {area === 'player' ? (
        <footer className="bl-footer">
          <SupportContact />
        </footer>
      ) : null}
      <BuildTag app="shell" label={__BUILD_LABEL__} />
    </div>
  );
}
