import { Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { NavLink, Outlet, generatePath, useLocation } from 'react-router';
import {
  BuildTag, Button, ROUTES, lazyWithRetry, availableBalance, formatRupees, hideFlags$, isAdminPath, routeAllowsRole, toggleHide, useObservable, user$, type Area, type PendingPayments, type Role, type RouteDef, type RouteName, roleLabel,
} from '@backlay/shared';
import { InstallApp } from '../pwa/InstallApp';
import { endSession } from '../session/session';
import { SiteBrand, SupportContact } from '../site/SiteBrand';
import { ThemeSwitch } from '../theme/ThemeSwitch';
import { RealityCheck } from './RealityCheck';
import { RgBanner } from './RgBanner';
import { LanguageSwitch } from './LanguageSwitch';
import { t as shellT, useT, type ShellKey } from '../i18n';
import type { Translate } from '@backlay/shared/i18n';

const PaymentAlerts = lazyWithRetry(() => import('./PaymentAlerts').then((m) => ({ default: m.PaymentAlerts })));

/** The admin menu's counts: the downline's deposit and withdraw requests waiting for a decision. */
export function paymentBadges(pending: PendingPayments | null): Record<string, NavBadge> {
  if (pending === null) return {};
  return {
    [ROUTES.adminDepositStatement.path]: { count: pending.deposit.count, label: shellT('nav.waiting', { count: pending.deposit.count }) },
    [ROUTES.adminWithdrawStatement.path]: { count: pending.withdraw.count, label: shellT('nav.waiting', { count: pending.withdraw.count }) },
  };
}

/**
 * One figure of the header's wallet: a short visible label over the amount in rupees, its full
 * name for assistive technology (`name`), and a toggle that hides it (the player's hide flag).
 */
function Amount({ label, name, testId, value, hidden, onToggle }: { label: string; name: string; testId: string; value: number; hidden: boolean; onToggle: () => void }) {
  const t = useT();
  return (
    <div className="bl-amount">
      <span className="bl-amount__label">{label}</span>
      <span className="bl-amount__value" aria-label={name} data-testid={testId}>
        {hidden ? '••••' : `₹${formatRupees(value)}`}
      </span>
      <button type="button" className="bl-amount__toggle" aria-pressed={hidden} aria-label={t(hidden ? 'header.showAmount' : 'header.hideAmount', { name: name.toLowerCase() })} onClick={onToggle}>
        {hidden ? t('header.show') : t('header.hide')}
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
 * A menu link's words: the catalog's `nav.<route name>` (`nav.<route name>.<index>` for a route with
 * several links); the route table's label is their English.
 */
export function navKey(name: RouteName, index: number, count: number): ShellKey {
  return (count > 1 ? `nav.${name}.${index}` : `nav.${name}`) as ShellKey;
}

/**
 * The main navigation of an area for a role, from the route table (each row's `nav`, in the
 * table's order): only links to routes the role may open (the table's `roles`), so an MDL never
 * sees the sports administration. The labels are in the page's language (`translate`).
 */
export function navLinks(area: Area, role: Role, translate: Translate<ShellKey> = shellT): NavItem[] {
  return (Object.keys(ROUTES) as RouteName[])
    .filter((name) => (isAdminPath(ROUTES[name].path) ? 'admin' : 'player') === area && routeAllowsRole(name, role))
    .flatMap((name) => {
      const def: RouteDef = ROUTES[name];
      const entries = def.nav ?? [];
      return entries.map((entry, index) => ({ to: generatePath(def.path, entry.params ?? {}), label: translate(navKey(name, index, entries.length)), end: entry.end ?? false }));
    });
}

/**
 * The main navigation. Every item stays reachable at any width: on a desktop the links wrap onto
 * as many rows as they need; on a phone they stay one row that scrolls sideways, and a "More"
 * button at its end opens a panel listing every item. The panel closes on navigation and Escape.
 */
export function MainNav({ links, badges = {}, extra }: { links: NavItem[]; badges?: Readonly<Record<string, NavBadge>>; extra?: ReactNode }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  // The panel reaches down to the screen's foot from wherever the menu bar is (the header above it
  // is as tall as its content wraps), so every item can be scrolled into full view.
  const [panelMax, setPanelMax] = useState<number | undefined>(undefined);
  const bar = useRef<HTMLElement>(null);
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
    // A named region: the language and theme switches beside the links are in a landmark too.
    <section className="bl-navbar" ref={bar} aria-label={t('menuBar.label')}>
      <nav className="bl-nav" aria-label={t('nav.main')}>
        {links.map((l) => (
          <NavLink key={l.to} to={l.to} end={l.end}>
            {label(l)}
          </NavLink>
        ))}
      </nav>
      {extra}
      <LanguageSwitch className="bl-lang bl-navbar__lang" />
      <ThemeSwitch className="bl-navbar__theme" />
      <button type="button" className="bl-navbar__more" aria-expanded={open} aria-controls={panelId} onClick={() => {
          const bottom = bar.current?.getBoundingClientRect().bottom;
          setPanelMax(bottom === undefined ? undefined : Math.max(160, Math.floor(window.innerHeight - bottom - 8)));
          setOpen((o) => !o);
        }}
      >
        {t('nav.more')}
        {badged > 0 ? (
          <>
            {' '}
            <span className="bl-nav__badge" aria-label={t('nav.waiting', { count: badged })}>
              {badged}
            </span>
          </>
        ) : null}
      </button>
      {open ? (
        <nav id={panelId} className="bl-navbar__panel" aria-label={t('nav.more')} style={panelMax === undefined ? undefined : { maxHeight: panelMax }}>
          {links.map((l) => (
            <NavLink key={l.to} to={l.to} end={l.end} onClick={() => setOpen(false)}>
              {label(l)}
            </NavLink>
          ))}
        </nav>
      ) : null}
    </section>
  );
}

/** The signed-in layout: header with the site's brand (ADR 0074), the available balance and the exposure (each hideable), navigation, a player's responsible-gambling banner, the page, a player's support contact. */
export function MainLayout({ area }: { area: Area }) {
  const t = useT();
  const user = useObservable(user$, null);
  const hide = useObservable(hideFlags$, { balance: false, exposure: false });
  const [pending, setPending] = useState<PendingPayments | null>(null);
  if (!user) return null;
  const firstLogin = user.changePassAndTxn;
  const links = navLinks(area, user.role, t);
  return (
    <div className="bl-app">
      <header className="bl-header">
        <SiteBrand className="bl-header__brand" suffix={area === 'admin' ? ` ${t('header.admin')}` : ''} />
        <div className="bl-header__money" aria-label={t('header.wallet')}>
          {/* What the player can stake or withdraw now (balance less exposure), the figure the casino games show too. */}
          <Amount label={t('header.available')} name={t('header.availableBalance')} testId="header-available" value={availableBalance(user)} hidden={hide.balance} onToggle={() => toggleHide('balance')} />
          <Amount label={t('header.exposure')} name={t('header.exposure')} testId="header-exposure" value={user.exposer} hidden={hide.exposure} onToggle={() => toggleHide('exposure')} />
        </div>
        <div className="bl-header__user">
          <InstallApp />
          <span className="bl-header__name" data-testid="header-username">
            {user.username} <small>{roleLabel(user.role)}</small>
          </span>
          <Button variant="secondary" onClick={() => void endSession(area, 'logout')}>
            {t('header.logout')}
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
