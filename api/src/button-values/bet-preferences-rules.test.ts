import { DEFAULT_BET_PREFERENCES, MESSAGES } from '@backlay/shared/contracts';
import { betPreferencesView, checkBetPreferences } from './bet-preferences-rules';

describe('checkBetPreferences (ADR 0055)', () => {
  it.each([
    [{ oddsAcceptance: 'any' as const }, { ok: true, change: { oddsAcceptance: 'any', oneClick: null, oneClickStakeMinor: null } }],
    [{ oneClick: true, oneClickStake: 250 }, { ok: true, change: { oddsAcceptance: null, oneClick: true, oneClickStakeMinor: 25_000n } }],
    [{ oneClickStake: 1_000_000 }, { ok: true, change: { oddsAcceptance: null, oneClick: null, oneClickStakeMinor: 100_000_000n } }],
    [{ oneClickStake: 0 }, { ok: false, message: MESSAGES.oneClickStakeInvalid }],
    [{ oneClickStake: 2.5 }, { ok: false, message: MESSAGES.oneClickStakeInvalid }],
    [{ oneClickStake: 1_000_001 }, { ok: false, message: MESSAGES.oneClickStakeInvalid }],
    [{}, { ok: false, message: MESSAGES.nothingToUpdate }],
  ])('%j → %j', (body, expected) => {
    expect(checkBetPreferences(body)).toEqual(expected);
  });

  it('answers the defaults when nothing was saved, the stored row as rupees otherwise', () => {
    expect(betPreferencesView(null)).toEqual(DEFAULT_BET_PREFERENCES);
    expect(betPreferencesView({ oddsAcceptance: 'exact', oneClick: true, oneClickStakeMinor: 25_000n })).toEqual({ oddsAcceptance: 'exact', oneClick: true, oneClickStake: 250 });
  });
});
