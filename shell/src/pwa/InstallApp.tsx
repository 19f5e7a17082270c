import { useState, useSyncExternalStore } from 'react';
import { Button } from '@backlay/shared';
import { useT } from '../i18n';
import { install, installOffer, subscribeInstallOffer } from './pwa';

/** Where hiding the offer is remembered, in this browser. */
export const INSTALL_DISMISSED_KEY = 'bl-install-dismissed';

function dismissedBefore(): boolean {
  try {
    return localStorage.getItem(INSTALL_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * "Install app" in the header (ADR 0076), while the browser offers to install the product (it
 * fired `beforeinstallprompt`: installable, not installed, not in the app already). The button
 * opens the browser's own install dialog; the × ("Hide the install offer") hides it for good in this browser.
 */
export function InstallApp() {
  const t = useT();
  const offer = useSyncExternalStore(subscribeInstallOffer, installOffer, () => null);
  const [dismissed, setDismissed] = useState(dismissedBefore);
  if (offer === null || dismissed) return null;
  const dismiss = () => {
    setDismissed(true);
    try {
      localStorage.setItem(INSTALL_DISMISSED_KEY, '1');
    } catch {
      // Not remembered: it shows again on the next page load.
    }
  };
  return (
    <span className="bl-install">
      <Button variant="secondary" className="bl-btn--small" onClick={() => void install()}>
        {t('install.offer')}
      </Button>
      <button type="button" className="bl-install__dismiss" aria-label={t('install.hide')} onClick={dismiss}>
        ×
      </button>
    </span>
  );
}
