import { useId, useState } from 'react';
import {
  Button,
  EmptyState,
  ODDS_ACCEPTANCES,
  Spinner,
  TextField,
  notify,
  useApis,
  useLoad,
  type ApiError,
  type BetPreferences,
} from '@backlay/shared';
import { useT } from '../i18n';
import { parseOneClickStake } from '../odds/OneClick';

/**
 * The Stake buttons page's bet settings (ADR 0055): what a bet does when the odds change before
 * it is matched (also in the bet slip), and one-click betting with its stake (also on the odds
 * page). Saved with save-bet-preferences.
 */
export function BetSettings() {
  const t = useT();
  const { sports: sportsApi } = useApis();
  const { load } = useLoad(() => sportsApi.betPreferences());
  if (load.state === 'loading') return <Spinner label={t('settings.loading')} />;
  if (load.state === 'fail') return <EmptyState>{t('settings.failed', { message: load.message })}</EmptyState>;
  return <BetSettingsForm initial={load.value} />;
}

function BetSettingsForm({ initial }: { initial: BetPreferences }) {
  const t = useT();
  const { sports: sportsApi } = useApis();
  const [acceptance, setAcceptance] = useState(initial.oddsAcceptance);
  const [oneClick, setOneClick] = useState(initial.oneClick);
  const [stakeText, setStakeText] = useState(String(initial.oneClickStake));
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const ids = useId();
  const stake = parseOneClickStake(stakeText);
  return (
    <section className="bl-bet-settings" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{t('settings.title')}</h2>
      <form
        className="bl-form bl-form--wide"
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          if (stake === null) return;
          setSaving(true);
          setServerError(null);
          try {
            const res = await sportsApi.saveBetPreferences({ oddsAcceptance: acceptance, oneClick, oneClickStake: stake });
            notify('success', res.message);
            setStakeText(String(res.data.oneClickStake));
          } catch (error) {
            const failure = error as ApiError;
            setServerError(failure.message);
            if (!failure.silent) notify('error', failure.message);
          } finally {
            setSaving(false);
          }
        }}
      >
        <fieldset className="bl-fieldset">
          <legend>{t('settings.ifPriceMoves')}</legend>
          {ODDS_ACCEPTANCES.map((a) => (
            <div key={a} className="bl-radio">
              <input id={`${ids}-${a}`} type="radio" name="oddsAcceptance" value={a} checked={acceptance === a} onChange={() => setAcceptance(a)} aria-describedby={`${ids}-${a}-hint`} />
              <label htmlFor={`${ids}-${a}`}>{t(`acceptance.${a}` as const)}</label>
              <p id={`${ids}-${a}-hint`} className="bl-hint">
                {t(`acceptance.${a}.hint` as const)}
              </p>
            </div>
          ))}
        </fieldset>
        <div className="bl-oneclick__switch">
          <input id={`${ids}-oneclick`} type="checkbox" checked={oneClick} onChange={(e) => setOneClick(e.target.checked)} />
          <label htmlFor={`${ids}-oneclick`}>{t('oneClick.title')}</label>
        </div>
        <TextField
          label={t('oneClick.stake')}
          inputMode="numeric"
          autoComplete="off"
          value={stakeText}
          onChange={(e) => setStakeText(e.target.value)}
          hint={t('settings.oneClickHint')}
          error={stake === null && t('oneClick.stakeInvalid')}
        />
        {serverError ? (
          <p className="bl-form-error" role="alert">
            {serverError}
          </p>
        ) : null}
        <div className="bl-form-actions">
          <Button type="submit" disabled={saving || stake === null}>
            {t('settings.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
