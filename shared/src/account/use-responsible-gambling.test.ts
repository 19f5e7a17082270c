import { RG_LIMIT_TYPES, type ResponsibleGamblingView } from '../contracts/index';
import { exclusionInForce, limitInForce } from './use-responsible-gambling';

const NOW = Date.parse('2026-11-28T12:00:00.000Z');
const view = (stake: ResponsibleGamblingView['limits'][number], exclusion: ResponsibleGamblingView['exclusion'] = null): ResponsibleGamblingView => ({
  limits: RG_LIMIT_TYPES.map((type) => (type === 'stake' ? stake : { type, amount: null, pending: null })),
  realityCheckMinutes: null,
  exclusion,
});

describe('the settings in force', () => {
  it('reads a limit, and a pending raise or removal from its time on', () => {
    expect(limitInForce(null, 'stake', NOW)).toBeNull();
    expect(limitInForce(view({ type: 'stake', amount: 500, pending: null }), 'stake', NOW)).toBe(500);
    expect(limitInForce(view({ type: 'stake', amount: 500, pending: null }), 'loss_day', NOW)).toBeNull();
    const raise = view({ type: 'stake', amount: 500, pending: { amount: 2000, effectiveAt: '2026-11-28T12:00:00.000Z' } });
    expect(limitInForce(raise, 'stake', NOW - 1)).toBe(500);
    expect(limitInForce(raise, 'stake', NOW)).toBe(2000);
    expect(limitInForce(view({ type: 'stake', amount: 500, pending: { amount: null, effectiveAt: '2026-11-28T11:00:00.000Z' } }), 'stake', NOW)).toBeNull();
  });

  it('reads an exclusion until it ends', () => {
    const timeOut = { kind: 'time_out' as const, startsAt: '2026-11-27T12:00:00.000Z', endsAt: '2026-11-28T12:00:00.000Z' };
    const v = view({ type: 'stake', amount: null, pending: null }, timeOut);
    expect(exclusionInForce(v, NOW - 1)).toEqual(timeOut);
    expect(exclusionInForce(v, NOW)).toBeNull();
    expect(exclusionInForce(null, NOW)).toBeNull();
  });
});
