import { useT } from '../i18n';
import { SiteBrand, useSite } from '../site/SiteBrand';

/**
 * Shown while the site is under maintenance (docs/rules/product.md §2: the text 'Under Main'), with
 * the site's own message when it set one (ADR 0074), else the platform's.
 */
export function MaintenancePage() {
  const t = useT();
  const state = useSite();
  const message = state.status === 'ready' ? state.site.maintenanceMessage.trim() : '';
  const name = state.status === 'ready' ? state.site.name : t('maintenance.theSite');
  return (
    <main className="bl-auth">
      <div className="bl-auth__card" role="status">
        <SiteBrand className="bl-auth__brand" />
        <h1>{t('maintenance.title')}</h1>
        <p>{message || t('maintenance.message', { name })}</p>
        <a href="/login">{t('maintenance.tryAgain')}</a>
      </div>
    </main>
  );
}
