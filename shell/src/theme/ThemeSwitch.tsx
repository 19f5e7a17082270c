import { chooseTheme, useShownTheme } from '@backlay/shared/theme';
import { useT } from '../i18n';

/** A crescent moon, drawn here: a phone's fonts may have no emoji for it. */
function MoonIcon() {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
    </svg>
  );
}

/**
 * The dark theme's switch (ADR 0077): pressed while the page is dark. It starts from the system's
 * theme; a press shows the other one and keeps the choice on this browser, and choosing the
 * system's theme again follows the system (@backlay/shared/theme). `className` places it: the
 * menu bar, or the corner of the sign-in page.
 */
export function ThemeSwitch({ className }: { className: string }) {
  const t = useT();
  const dark = useShownTheme() === 'dark';
  return (
    <button type="button" className={`bl-theme-switch ${className}`} aria-pressed={dark} aria-label={t('theme.dark')} title={t(dark ? 'theme.darkOn' : 'theme.darkOff')} onClick={() => chooseTheme(dark ? 'light' : 'dark')}>
      <MoonIcon />
    </button>
  );
}
