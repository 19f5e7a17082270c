import { useSyncExternalStore } from 'react';
import { useT } from '../i18n';
import { DEFAULT_SITE_NAME, siteState, subscribeSite, type SiteState } from './site';

/** The page's site as it is known now (site.ts): loading, ready or failed. */
export function useSite(): SiteState {
  return useSyncExternalStore(subscribeSite, siteState, siteState);
}

/** The site's name, the platform's while the site cannot be read, null until it answered. */
export function useSiteName(): string | null {
  const state = useSite();
  return state.status === 'ready' ? state.site.name : state.status === 'failed' ? DEFAULT_SITE_NAME : null;
}

/**
 * The site's mark in the header and on the sign-in cards: its logo (an image named by the site),
 * else its initial and its name as text; `suffix` follows the name (" Admin" in the admin area).
 * Empty until the site answered, so no other site's brand flashes; the platform's while it
 * cannot be read.
 */
export function SiteBrand({ className, suffix = '' }: { className: string; suffix?: string }) {
  const state = useSite();
  if (state.status === 'loading') return <div className={`${className} bl-brand--pending`} data-testid="site-brand" aria-busy="true" />;
  const name = state.status === 'ready' ? state.site.name : DEFAULT_SITE_NAME;
  const logo = state.status === 'ready' ? state.site.logo : null;
  return (
    <div className={className} data-testid="site-brand">
      {logo ? (
        <img className="bl-brand__logo" src={logo} alt={name} />
      ) : (
        <span className="bl-logo" aria-hidden="true">
          {Array.from(name)[0]?.toUpperCase()}
        </span>
      )}
      {logo ? (suffix ? <span>{suffix.trim()}</span> : null) : <span>{`${name}${suffix}`}</span>}
    </div>
  );
}

const EMAIL = /^[^\s@/?#]+@[^\s@/?#]+$/;

/**
 * Where a player looks for help ('24X7 Support', SPEC §2): the site's support email as a mailto:
 * link and its phone as a tel: link, each shown only when the site has one.
 */
export function SupportContact() {
  const t = useT();
  const state = useSite();
  const support = state.status === 'ready' ? state.site.support : { email: '', phone: '' };
  const phone = support.phone.replace(/[^\d+]/g, '');
  return (
    <span className="bl-support">
      <span>{t('support.label')}</span>
      {EMAIL.test(support.email) ? <a href={`mailto:${support.email}`}>{support.email}</a> : null}
      {phone ? <a href={`tel:${phone}`}>{support.phone}</a> : null}
    </span>
  );
}
