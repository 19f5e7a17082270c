/**
 * The waiting bet's countdown and the odds-acceptance select (ADR 0055), by subpath
 * (`@backlay/shared/slip-status`) so they load with the odds page, not through the
 * @backlay/shared singleton on every first page (ADR 0025's budget).
 */
import { useEffect, useState } from 'react';
import { ODDS_ACCEPTANCES, type OddsAcceptance } from '../contracts/index';
import { oddsAcceptanceLabel } from '../i18n/labels';
import { sharedT, useSharedT } from '../i18n/shared-catalog';
import { SelectField } from '../ui/kit';

/**
 * Seconds left of a bet delay of `seconds` that started when `active` turned true (counted down
 * once a second, never below 0); null while not active or with no delay.
 */
export function useCountdown(active: boolean, seconds: number): number | null {
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    if (!active || seconds <= 0) {
      setLeft(null);
      return undefined;
    }
    const started = Date.now();
    setLeft(seconds);
    const timer = setInterval(() => setLeft(Math.max(0, seconds - Math.floor((Date.now() - started) / 1000))), 250);
    return () => clearInterval(timer);
  }, [active, seconds]);
  return left;
}

/** What a waiting bet says: "Placing… 3 s" while its bet delay runs, then "Placing…" until the server answers. */
export function placingText(secondsLeft: number | null): string {
  return secondsLeft !== null && secondsLeft > 0 ? sharedT('slip.placingSeconds', { seconds: secondsLeft }) : sharedT('slip.placing');
}

/**
 * A bet on its way (a slip's, or a one-click bet's): the bet delay the market applies (its
 * `betDelaySec`, the same column the server waits on) counted down, then "Placing…" until the answer.
 */
export function PlacingStatus({ delaySec, label }: { delaySec: number; label?: string }) {
  const left = useCountdown(true, delaySec);
  const t = useSharedT();
  return (
    <p className="bl-slip__placing" role="status">
      {label ? t('slip.placingLabel', { label, status: placingText(left) }) : placingText(left)}
    </p>
  );
}

/** The player's odds acceptance (ADR 0055) as a labelled select: what a bet does when the price moves before it is matched. Its label names no "odds": a slip's Odds field keeps the one label with that word. */
export function OddsAcceptanceField({ value, onChange, disabled }: { value: OddsAcceptance; onChange: (value: OddsAcceptance) => void; disabled?: boolean }) {
  const t = useSharedT();
  return (
    <SelectField
      label={t('slip.oddsAcceptance')}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value as OddsAcceptance)}
      options={ODDS_ACCEPTANCES.map((a) => ({ value: a, label: oddsAcceptanceLabel(a) }))}
    />
  );
}
