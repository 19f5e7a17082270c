import { MESSAGES } from '@backlay/shared/contracts';
import {
  exclusionEnd,
  foldLimit,
  formatUntil,
  INCREASE_DELAY_MS,
  limitView,
  NO_LIMIT,
  planLimitChange,
  refusalMessage,
  refusalOf,
  RgRefusalError,
  type StoredLimit,
} from './rg-rules';

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);
const limit = (amountMinor: bigint | null, pendingMinor: bigint | null = null, pendingFrom: number | null = null): StoredLimit => ({
  amountMinor,
  pendingMinor,
  pendingFrom: pendingFrom === null ? null : new Date(pendingFrom),
});

describe('planLimitChange: tighter at once, looser after 24 hours', () => {
  it.each([
    ['a first limit', NO_LIMIT, 500n, limit(500n), 'now'],
    ['a decrease', limit(1000n), 500n, limit(500n), 'now'],
    ['an increase', limit(1000n), 2000n, limit(1000n, 2000n, NOW + INCREASE_DELAY_MS), 'later'],
    ['a removal', limit(1000n), null, limit(1000n, null, NOW + INCREASE_DELAY_MS), 'later'],
    ['the same amount', limit(1000n), 1000n, limit(1000n), 'unchanged'],
    ['nothing to nothing', NO_LIMIT, null, limit(null), 'unchanged'],
    ['a decrease cancels a pending increase', limit(1000n, 3000n, NOW + 1000), 800n, limit(800n), 'now'],
    ['the amount in force cancels a pending removal', limit(1000n, null, NOW + 1000), 1000n, limit(1000n), 'now'],
    ['a second increase restarts the 24 hours', limit(1000n, 3000n, NOW + 1000), 4000n, limit(1000n, 4000n, NOW + INCREASE_DELAY_MS), 'later'],
    ['a pending increase whose time came is in force first', limit(1000n, 3000n, NOW - 1), 2000n, limit(2000n), 'now'],
    ['a pending removal whose time came leaves no limit', limit(1000n, null, NOW), 700n, limit(700n), 'now'],
  ] as const)('%s', (_name, current, requested, stored, applies) => {
    expect(planLimitChange(current, requested, NOW)).toEqual({ stored, applies });
  });

  it('foldLimit applies a pending change exactly at its time, not before', () => {
    expect(foldLimit(limit(1000n, 2000n, NOW + 1), NOW)).toEqual(limit(1000n, 2000n, NOW + 1));
    expect(foldLimit(limit(1000n, 2000n, NOW), NOW)).toEqual(limit(2000n));
  });

  it('limitView shows rupees and the pending change with its time', () => {
    expect(limitView('stake', limit(150_00n, 300_00n, NOW + 5), NOW)).toEqual({
      type: 'stake',
      amount: 150,
      pending: { amount: 300, effectiveAt: new Date(NOW + 5).toISOString() },
    });
    expect(limitView('stake', limit(150_00n, null, NOW), NOW)).toEqual({ type: 'stake', amount: null, pending: null });
  });
});

describe('exclusionEnd', () => {
  it('a time-out lasts whole days; a self-exclusion calendar months, clamped to the month end', () => {
    expect(exclusionEnd('time_out', 42, NOW).getTime()).toBe(NOW + 42 * 86_400_000);
    expect(exclusionEnd('self_exclusion', 6, NOW).toISOString()).toBe('2027-05-25T12:00:00.000Z');
    expect(exclusionEnd('self_exclusion', 60, NOW).toISOString()).toBe('2031-11-25T12:00:00.000Z');
    expect(exclusionEnd('self_exclusion', 6, Date.UTC(2026, 7, 31, 9)).toISOString()).toBe('2027-02-28T09:00:00.000Z');
  });
});

describe('refusals: typed from the database JSON, worded for the player', () => {
  it('parses each kind and refuses a shape the function never returns', () => {
    expect(refusalOf({ kind: 'TIME_OUT', until: '2026-11-26T12:00:00Z' })).toEqual({ kind: 'TIME_OUT', until: new Date('2026-11-26T12:00:00Z') });
    expect(refusalOf({ kind: 'STAKE_LIMIT', limitMinor: '100', amountMinor: '200' })).toEqual({ kind: 'STAKE_LIMIT', limitMinor: 100n, amountMinor: 200n });
    expect(() => refusalOf({ kind: 'LOSS_LIMIT', limitMinor: '1' })).toThrow(/period/);
    expect(() => refusalOf({ kind: 'SELF_EXCLUDED' })).toThrow(/until/);
    expect(() => refusalOf({ kind: 'NOPE' } as never)).toThrow(/unknown kind/);
  });

  it('words every kind with rupees in Indian grouping', () => {
    expect(refusalMessage({ kind: 'DEPOSIT_LIMIT', period: 'day', limitMinor: 1_00_000_00n, usedMinor: 60_000_00n, amountMinor: 50_000_00n, remainingMinor: 40_000_00n })).toBe(
      'Deposit limit reached: you can deposit ₹40,000.00 more now (your daily deposit limit is ₹1,00,000.00).',
    );
    expect(refusalMessage({ kind: 'LOSS_LIMIT', period: 'week', limitMinor: 500_00n, usedMinor: -20_00n, atRiskMinor: 600_00n })).toBe(
      'Loss limit reached: your weekly loss limit is ₹500.00; your net loss is ₹0.00 and this bet would put ₹600.00 at risk.',
    );
    expect(refusalMessage({ kind: 'STAKE_LIMIT', limitMinor: 100_00n, amountMinor: 250_50n })).toBe(
      'Stake limit reached: this bet can lose ₹250.50, above your maximum stake of ₹100.00 per bet.',
    );
    expect(refusalMessage({ kind: 'SELF_EXCLUDED', until: new Date('2027-05-25T12:00:00Z') })).toBe(
      MESSAGES.rgSelfExcluded.replace('{until}', '25/05/2027 5:30 PM IST'),
    );
    // Midnight and noon in IST read 12, as the banner's moment format does.
    expect(formatUntil(new Date('2027-05-24T18:35:00Z'))).toBe('25/05/2027 12:05 AM IST');
    expect(formatUntil(new Date('2027-05-25T06:35:00Z'))).toBe('25/05/2027 12:05 PM IST');
  });

  it('the error carries the kind as its code and says whether it blocks the player (CW-1: PLAYER_BLOCKED vs LIMIT_EXCEEDED)', () => {
    const blocked = new RgRefusalError({ kind: 'TIME_OUT', until: new Date(NOW) });
    expect(blocked).toMatchObject({ code: 'TIME_OUT', blocksPlayer: true, statusCode: 403 });
    const limited = new RgRefusalError({ kind: 'STAKE_LIMIT', limitMinor: 1n, amountMinor: 2n });
    expect(limited).toMatchObject({ code: 'STAKE_LIMIT', blocksPlayer: false, statusCode: 409, details: { kind: 'STAKE_LIMIT', limit: 0.01, amount: 0.02 } });
  });
});
