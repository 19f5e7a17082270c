import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ROUTES } from '@backlay/shared/contracts';
import { useT, type PagesKey } from '../i18n/pages';
import { Rich } from '../i18n/Rich';
import { SiteBrand, SupportContact } from '../site/SiteBrand';

/** A public page of rules in the authentication layout, readable signed out. */
function PolicyPage({ title, children }: { title: string; children: ReactNode }) {
  const t = useT();
  return (
    <main className="bl-auth">
      <article className="bl-auth__card bl-doc" aria-labelledby="policy-title">
        <SiteBrand className="bl-auth__brand" />
        <h1 id="policy-title">{title}</h1>
        {children}
        <footer className="bl-auth__footer">
          <Link to={ROUTES.login.path}>{t('footer.login')}</Link>
          <Link to={ROUTES.register.path}>{t('footer.register')}</Link>
          <Link to={ROUTES.termsAndConditions.path}>{t('footer.terms')}</Link>
          <Link to={ROUTES.responsibleGaming.path}>{t('footer.responsibleGaming')}</Link>
          <SupportContact />
        </footer>
      </article>
    </main>
  );
}

/** A section of the terms: its heading and its points (or one paragraph), each a message of the catalog. */
const TERMS: readonly { heading: PagesKey; items?: readonly PagesKey[]; text?: PagesKey }[] = [
  { heading: 'terms.account.title', items: ['terms.account.1', 'terms.account.2', 'terms.account.3'] },
  { heading: 'terms.bets.title', items: ['terms.bets.1', 'terms.bets.2', 'terms.bets.3'] },
  { heading: 'terms.settlement.title', items: ['terms.settlement.1', 'terms.settlement.2', 'terms.settlement.3'] },
  { heading: 'terms.casino.title', items: ['terms.casino.1', 'terms.casino.2'] },
  { heading: 'terms.demo.title', text: 'terms.demo.text' },
];

/** /terms-and-conditions: the product's rules in brief. */
export function TermsPage() {
  const t = useT();
  return (
    <PolicyPage title={t('footer.terms')}>
      <p>{t('terms.intro')}</p>
      {TERMS.map((section) => (
        <Fragment key={section.heading}>
          <h2>{t(section.heading)}</h2>
          {section.items ? (
            <ul>
              {section.items.map((item) => (
                <li key={item}>{t(item)}</li>
              ))}
            </ul>
          ) : null}
          {section.text ? <p>{t(section.text)}</p> : null}
        </Fragment>
      ))}
    </PolicyPage>
  );
}

const strong = (words: string) => <strong>{words}</strong>;

/** /responsible-gaming: the platform's responsible-gambling tools and where to get help. */
export function ResponsibleGamingPage() {
  const t = useT();
  return (
    <PolicyPage title={t('footer.responsibleGaming')}>
      <p>{t('gaming.intro')}</p>
      <h2>{t('gaming.tools.title')}</h2>
      <p>
        <Rich text={t('gaming.tools.where')} tags={[(words) => <Link to={ROUTES.responsibleGambling.path}>{words}</Link>]} />
      </p>
      <ul>
        {(['gaming.tools.limits', 'gaming.tools.reality', 'gaming.tools.timeOut', 'gaming.tools.selfExclusion'] as const).map((key) => (
          <li key={key}>
            <Rich text={t(key)} tags={[strong]} />
          </li>
        ))}
      </ul>
      <h2>{t('gaming.signs.title')}</h2>
      <ul>
        {(['gaming.signs.1', 'gaming.signs.2', 'gaming.signs.3'] as const).map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
      <h2>{t('gaming.help.title')}</h2>
      <p>{t('gaming.help.text')}</p>
    </PolicyPage>
  );
}
