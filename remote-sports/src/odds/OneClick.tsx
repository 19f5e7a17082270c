import { useCallback, useId, useState } from 'react';
import { BET_REFUSED_TOPIC, BUTTON_VALUE_MAX, Button, TextField, formatRupees, newIdempotencyKey, notify, notifyFailure, type ApiError, type BetPreferences, type PlaceBetRequest, type SaveBetPreferencesRequest } from '@backlay/shared';
import { PlacingStatus } from '@backlay/shared/slip-status';
import { useT } from '../i18n';
import type { PlaceBet } from './slip';

/** A one-click bet on its way: what it is (for its status line) and the bet delay it waits. */
export interface PendingOneClick {
  key: string;
  label: string;
  delaySec: number;
}

/**
 * One-click betting (ADR 0055): `placeNow` places a bet at once, without the slip — the same
 * placement as the slip's (`place`: placeBetWithRetry with one new Idempotency-Key, so a lost
 * answer is sent again with it), the same server checks and bet delay, the same toasts. Each bet
 * waits in `pending` (its countdown) until the server answers.
 */
export function useOneClick(place: PlaceBet, notice: (reply: Awaited<ReturnType<PlaceBet>>, sent: PlaceBetRequest) => string) {
  const [pending, setPending] = useState<readonly PendingOneClick[]>([]);
  const placeNow = useCallback(
    async (body: PlaceBetRequest, label: string, delaySec: number) => {
      const key = newIdempotencyKey();
      setPending((list) => [...list, { key, label, delaySec }]);
      try {
        const reply = await place(body, key);
        notify('success', notice(reply, body));
      } catch (error) {
        notifyFailure(error as ApiError, BET_REFUSED_TOPIC);
      } finally {
        setPending((list) => list.filter((p) => p.key !== key));
      }
    },
    [place, notice],
  );
  return { pending, placeNow };
}

/** A one-click stake as typed: a whole number of rupees from 1 to BUTTON_VALUE_MAX, or null. */
export function parseOneClickStake(text: string): number | null {
  const t = text.trim();
  return /^\d+$/.test(t) && Number(t) >= 1 && Number(t) <= BUTTON_VALUE_MAX ? Number(t) : null;
}

/**
 * The odds page's one-click bar: the switch (a labelled checkbox), its stake, and — while it is on
 * — a plain "One-click betting ON · stake 100.00 a click" so that nobody bets with one click by surprise; each
 * one-click bet on its way shows its countdown here.
 */
export function OneClickBar({
  preferences,
  onSave,
  pending,
}: {
  preferences: BetPreferences;
  onSave: (change: SaveBetPreferencesRequest) => Promise<boolean>;
  pending: readonly PendingOneClick[];
}) {
  const t = useT();
  const [stakeText, setStakeText] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  /** The switch as just clicked, until the server answers (then the stored value; a refusal puts it back). */
  const [switching, setSwitching] = useState<boolean | null>(null);
  const switchId = useId();
  const shownStake = stakeText ?? String(preferences.oneClickStake);
  const stake = parseOneClickStake(shownStake);
  const save = async (change: SaveBetPreferencesRequest) => {
    setSaving(true);
    if (await onSave(change)) setStakeText(null);
    setSaving(false);
  };
  return (
    <section className={`bl-oneclick${preferences.oneClick ? ' bl-oneclick--on' : ''}`} aria-label={t('oneClick.title')}>
      <div className="bl-oneclick__controls">
        <span className="bl-oneclick__switch">
          <input
            id={switchId}
            type="checkbox"
            checked={switching ?? preferences.oneClick}
            disabled={saving}
            onChange={(e) => {
              const oneClick = e.target.checked;
              setSwitching(oneClick);
              void save({ oneClick }).finally(() => setSwitching(null));
            }}
          />
          <label htmlFor={switchId}>{t('oneClick.title')}</label>
        </span>
        <form
          className="bl-oneclick__stake"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (stake !== null) void save({ oneClickStake: stake });
          }}
        >
          <TextField
            label={t('oneClick.stake')}
            inputMode="numeric"
            autoComplete="off"
            value={shownStake}
            onChange={(e) => setStakeText(e.target.value)}
            error={stake === null && t('oneClick.stakeInvalid')}
          />
          <Button type="submit" variant="secondary" className="bl-btn--small" disabled={stake === null || saving || stake === preferences.oneClickStake}>
            {t('oneClick.setStake')}
          </Button>
        </form>
      </div>
      <p className="bl-oneclick__state" role="status">
        {preferences.oneClick ? (
          <strong>{t('oneClick.on', { stake: formatRupees(preferences.oneClickStake) })}</strong>
        ) : (
          t('oneClick.off')
        )}
      </p>
      {pending.map((p) => (
        <PlacingStatus key={p.key} delaySec={p.delaySec} label={p.label} />
      ))}
    </section>
  );
}
