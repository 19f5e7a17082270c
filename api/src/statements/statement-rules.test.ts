import { MESSAGES } from '@backlay/shared/contracts';
import { describeEntry, parseDateRange, type EntryFacts } from './statement-rules';

describe('parseDateRange', () => {
  it('covers both days whole, in UTC', () => {
    expect(parseDateRange('2026-03-01', '2026-03-02')).toEqual({
      ok: true,
      from: new Date('2026-03-01T00:00:00.000Z'),
      toExclusive: new Date('2026-03-03T00:00:00.000Z'),
    });
  });

  it('reads the date part of a date-time', () => {
    expect(parseDateRange('2026-03-01T18:30:00.000Z', '2026-03-01T05:00:00Z')).toMatchObject({
      ok: true,
      toExclusive: new Date('2026-03-02T00:00:00.000Z'),
    });
  });

  it.each([
    ['2026-03-02', '2026-03-01', MESSAGES.dateRangeInvalid],
    ['2026-02-30', '2026-03-01', MESSAGES.dateInvalid], // no such day
    ['01/03/2026', '2026-03-01', MESSAGES.dateInvalid],
    ['2026-3-1', '2026-03-01', MESSAGES.dateInvalid],
  ])('%s .. %s → %s', (start, end, message) => {
    expect(parseDateRange(start, end)).toEqual({ ok: false, message });
  });
});

describe('describeEntry', () => {
  const facts = (over: Partial<EntryFacts>): EntryFacts => ({
    code: 'CHIP_DEPOSIT',
    amountMinor: 100n,
    counterparty: 'demo-dl',
    reversedCode: null,
    remark: '',
    ...over,
  });
  it.each([
    [facts({}), 'Chip deposit from demo-dl'], // the child's side
    [facts({ amountMinor: -100n, counterparty: 'demo-user' }), 'Chip deposit to demo-user'], // the parent's side
    [facts({ code: 'CHIP_WITHDRAW', amountMinor: -100n }), 'Chip withdrawal by demo-dl'],
    [facts({ code: 'CHIP_WITHDRAW', counterparty: 'demo-user' }), 'Chip withdrawal from demo-user'],
    [facts({ code: 'DEMO_MINT', counterparty: 'system:mint' }), 'Opening chips'],
    [facts({ code: 'TEST_TRANSFER', counterparty: 'system:mint' }), 'Opening chips'],
    [facts({ code: 'TEST_TRANSFER', counterparty: 'someone' }), 'Transfer from someone'],
    [facts({ remark: 'weekly top-up' }), 'Chip deposit from demo-dl - weekly top-up'],
    // The child's side of a reversed deposit: the chips go back, so the amount is negative.
    [facts({ code: 'REVERSAL', reversedCode: 'CHIP_DEPOSIT', amountMinor: -100n, remark: 'typo' }), 'Reversal of chip deposit from demo-dl - typo'],
    [facts({ code: 'REVERSAL', reversedCode: 'CHIP_WITHDRAW', amountMinor: 100n }), 'Reversal of chip withdrawal by demo-dl'],
    // Payments: the player's and the approving agent's sides.
    [facts({ code: 'DEPOSIT_CREDIT', remark: 'UTR ok' }), 'Deposit approved by demo-dl - UTR ok'],
    [facts({ code: 'DEPOSIT_CREDIT', amountMinor: -100n, counterparty: 'demo-user' }), 'Deposit paid to demo-user'],
    [facts({ code: 'WITHDRAW_HOLD', amountMinor: -100n, counterparty: 'system:withdraw_hold' }), 'Withdrawal requested (amount held)'],
    [facts({ code: 'WITHDRAW_PAYOUT', counterparty: 'system:withdraw_hold' }), 'Withdrawal approved (to pay out)'],
    [facts({ code: 'WITHDRAW_RELEASE', counterparty: 'system:withdraw_hold', remark: 'wrong IFSC' }), 'Withdrawal rejected (amount returned) - wrong IFSC'],
    // International casino: the provider's words, never its clearing account.
    [facts({ code: 'CASINO_INT_DEBIT', amountMinor: -10000n, counterparty: 'system:cw1_clearing:backlay-studio', remark: 'Backlay Studio stake t1' }), 'International casino - Backlay Studio stake t1'],
    [facts({ code: 'CASINO_INT_CREDIT', amountMinor: 10200n, counterparty: 'system:cw1_clearing:backlay-studio', remark: 'Backlay Studio win t2' }), 'International casino - Backlay Studio win t2'],
    [facts({ code: 'CASINO_INT_ROLLBACK', counterparty: 'system:cw1_clearing:backlay-studio', remark: 'Backlay Studio rollback t3' }), 'International casino - Backlay Studio rollback t3'],
    // Settlement: the match and the market in words, never the P&L account or the version.
    ...((): Array<[EntryFacts, string]> => {
      const settled = { counterparty: 'demo-dl', matchName: 'India v Australia', marketName: 'Match Odds', remark: 'Settlement of Match Odds (v1)' };
      return [
        [facts({ ...settled, code: 'MARKET_SETTLE', settlementVersion: 1 }), 'Won on Match Odds · India v Australia'],
        [facts({ ...settled, code: 'MARKET_SETTLE', amountMinor: -100n, settlementVersion: 1 }), 'Lost on Match Odds · India v Australia'],
        [facts({ ...settled, code: 'MARKET_SETTLE', settlementVersion: 2 }), 'Won on Match Odds · India v Australia (corrected result)'],
        [facts({ ...settled, code: 'MARKET_SETTLE_REVERSAL', amountMinor: -100n, remark: 'Rollback of settlement v1' }), 'Result withdrawn: Match Odds · India v Australia'],
        // A market the statement cannot name keeps the journal's words.
        [facts({ code: 'MARKET_SETTLE', counterparty: 'demo-dl', remark: 'Settlement of X (v1)' }), 'Transfer from demo-dl - Settlement of X (v1)'],
      ];
    })(),
  ])('%j → %s', (entry, text) => {
    expect(describeEntry(entry)).toBe(text);
  });
});
