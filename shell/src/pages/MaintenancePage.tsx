import { SiteBrand, useSite } from '../site/SiteBrand';

/**
 * Shown while the site is under maintenance (docs/rules/product.md §2: the text 'Under Main'), with
 * the site's own message when it set one (ADR 0074), else the platform's.
 */
export function MaintenancePage() {
  const state = useSite();
  const message = state.status === 'ready' ? state.site.maintenanceMessage.trim() : '';
  const name = state.status === 'ready' ? state.site.name : 'the site';
  return (
    <div className="bl-auth">
      <div className="bl-auth__card" role="status">
        <SiteBrand className="bl-auth__brand" />
        <h1>Under Main</h1>
        <p>{message || `We are improving ${name}. Please come back in a little while.`}</p>
        <a href="/login">Try again</a>
      </div>
    </div>
  );
}
