import { useId, useState } from 'react';
import {
  Button,
  EmptyState,
  ODDS_ACCEPTANCE_TEXT,
  ODDS_ACCEPTANCES,
  Spinner,
  TextField,
  notify,
  useApis,
  useLoad,
  type ApiError,
  type BetPreferences,
  type OddsAcceptance,
} from '@backlay/shared';
import { parseOneClickStake } from '../odds/OneClick';

/** What each odds acceptance does, in a line (ADR 0055). */
const ACCEPTANCE_HINT: Record<OddsAcceptance, string> = {
  better: 'Matched at the new price when it is the same or better for you; refused when it got worse.',
  any: 'Matched at the new price whichever way it moved (still within your balance and limits).',
  exact: 'Matched only at the price you asked; refused when it changed at all.',
};

/**
 * The Stake buttons page's bet settings (ADR 0055): what a bet does when the odds change before
 * it is matched (also in the bet slip), and one-click betting with its stake (also on the odds
 * page). Saved with save-bet-preferences.
 */
export function BetSettings() {
  const { sports: sportsApi } = useApis();
  const { load } = useLoad(() => sportsApi.betPreferences());
  if (load.state === 'loading') return <Spinner label="Loading bet settings" />;
  if (load.state === 'fail') return <EmptyState>Your bet settings could not be loaded: {load.message}</EmptyState>;
  return <BetSettingsForm initial={load.value} />;
}

function BetSettingsForm({ initial }: { initial: BetPreferences }) {
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
      <h2 id={`${ids}-title`}>Bet settings</h2>
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
          <legend>If the price moves</legend>
          {ODDS_ACCEPTANCES.map((a) => (
            <div key={a} className="bl-radio">
              <input id={`${ids}-${a}`} type="radio" name="oddsAcceptance" value={a} checked={acceptance === a} onChange={() => setAcceptance(a)} aria-describedby={`${ids}-${a}-hint`} />
              <label htmlFor={`${ids}-${a}`}>{ODDS_ACCEPTANCE_TEXT[a]}</label>
              <p id={`${ids}-${a}-hint`} className="bl-hint">
                {ACCEPTANCE_HINT[a]}
              </p>
            </div>
          ))}
        </fieldset>
        <div className="bl-oneclick__switch">
          <input id={`${ids}-oneclick`} type="checkbox" checked={oneClick} onChange={(e) => setOneClick(e.target.checked)} />
          <label htmlFor={`${ids}-oneclick`}>One-click betting</label>
        </div>
        <TextField
          label="One-click stake"
          inputMode="numeric"
          autoComplete="off"
          value={stakeText}
          onChange={(e) => setStakeText(e.target.value)}
          hint="A price click places a bet of this stake at once, without the bet slip."
          error={stake === null && 'Stake must be a whole number of rupees from 1 to 10,00,000'}
        />
        {serverError ? (
          <p className="bl-form-error" role="alert">
            {serverError}
          </p>
        ) : null}
        <div className="bl-form-actions">
          <Button type="submit" disabled={saving || stake === null}>
            Save bet settings
          </Button>
        </div>
      </form>
    </section>
  );
}
