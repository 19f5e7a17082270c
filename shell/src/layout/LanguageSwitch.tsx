import { useSyncExternalStore, type ChangeEvent } from 'react';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, setLanguage, useLanguage } from '@backlay/shared/i18n';
import { useT } from '../i18n';
import { siteState, subscribeSite } from '../site/site';

/**
 * The language switch of the menu bar and the sign-in card (issue 36): the languages the page's site
 * offers, each in its own script; the choice shows at once on every screen and is remembered.
 * A site that offers one language shows no switch.
 */
export function LanguageSwitch({ className = 'bl-lang' }: { className?: string }) {
  const t = useT();
  const language = useLanguage();
  const site = useSyncExternalStore(subscribeSite, siteState, siteState);
  const offered = site.status === 'ready' && site.site.languages.length > 0 ? site.site.languages : LANGUAGES;
  if (offered.length < 2) return null;
  const change = (event: ChangeEvent<HTMLSelectElement>) => {
    const next = event.target.value;
    if (isLanguage(next)) void setLanguage(next, { remember: true });
  };
  return (
    <label className={className}>
      <span className="bl-visually-hidden">{t('language.label')}</span>
      <select value={language} onChange={change}>
        {offered.map((lang) => (
          <option key={lang} value={lang} lang={lang}>
            {LANGUAGE_NAMES[lang]}
          </option>
        ))}
      </select>
    </label>
  );
}
