import { isAdminPath } from '../contracts/routes';
import { useSharedT } from '../i18n/shared-catalog';
import { STORAGE_KEYS } from '../kernel/storage';

/**
 * True when build stamps show on this page: always in the admin area (agents and support tell
 * deploys apart there), in the player area only when the `show_build` local-storage flag is "1"
 * (set by hand for support, and by the e2e journey that redeploys a remote).
 */
export function buildStampsShown(pathname: string, flag: string | null): boolean {
  return isAdminPath(pathname) || flag === '1';
}

function readFlag(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.showBuild);
  } catch {
    return null;
  }
}

/**
 * The build of an app, shown small in its footer so a deploy can be told apart; nothing in the
 * player area unless the flag is on (`buildStampsShown`).
 */
export function BuildTag({ app, label }: { app: string; label: string }) {
  const t = useSharedT();
  if (!buildStampsShown(window.location.pathname, readFlag())) return null;
  return (
    <footer className="bl-build" data-testid={`build-${app}`}>
      {t('buildTag', { app, label })}
    </footer>
  );
}
