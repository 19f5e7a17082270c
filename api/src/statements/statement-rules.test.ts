import { MESSAGES } from '@backlay/shared/contracts';
import { sayStatement, type StatementWordKey } from '@backlay/shared/statement-words';
import { describeEntry, describeEntryParts, parseDateRange, statementRemark, type EntryFacts } from './statement-rules';

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
    // International casino: the game, the player's round and the amount in words, never the
    // provider's transaction id (in the remark) nor its clearing account.
    ...((): Array<[EntryFacts, string]> => {
      const cw1 = { counterparty: 'system:cw1_clearing:backlay-studio', casinoGame: 'Crash', casinoRound: 3 };
      return [
        [facts({ ...cw1, code: 'CASINO_INT_DEBIT', amountMinor: -10000n, remark: 'Backlay Studio stake t1' }), 'Crash · round 3 · staked ₹100'],
        [facts({ ...cw1, code: 'CASINO_INT_CREDIT', amountMinor: 13100n, remark: 'Backlay Studio win t2' }), 'Crash · round 3 · won ₹131'],
        [facts({ ...cw1, code: 'CASINO_INT_ROLLBACK', amountMinor: 12345050n, remark: 'Backlay Studio rollback t3' }), 'Crash · round 3 · refunded ₹1,23,450.50'],
        // A move whose transaction the statement cannot find still hides the provider's ids.
        [facts({ code: 'CASINO_INT_DEBIT', amountMinor: -5n, counterparty: 'system:cw1_clearing:x', remark: 'X stake t9' }), 'International casino · staked ₹0.05'],
      ];
    })(),
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

describe('statementRemark', () => {
  it('shows a remark, none when empty, and never an international-casino move\'s (the provider\'s ids)', () => {
    expect(statementRemark({ code: 'CHIP_DEPOSIT', remark: 'top-up' })).toBe('top-up');
    expect(statementRemark({ code: 'CHIP_DEPOSIT', remark: '' })).toBeNull();
    for (const code of ['CASINO_INT_DEBIT', 'CASINO_INT_CREDIT', 'CASINO_INT_ROLLBACK']) {
      expect(statementRemark({ code, remark: 'Backlay Studio stake bs-tx-1' })).toBeNull();
    }
  });
});

describe('describeEntryParts', () => {
  it("gives the description's words as parts, a page's language saying each (issue 36)", () => {
    const facts: EntryFacts = { code: 'REVERSAL', reversedCode: 'CHIP_DEPOSIT', amountMinor: -100n, counterparty: 'demo-dl', remark: 'typo' };
    const parts = describeEntryParts(facts);
    expect(parts).toEqual({
      key: 'withRemark',
      values: { text: { key: 'reversal', values: { entry: { key: 'chipDepositFrom', values: { name: 'demo-dl' } } } }, remark: 'typo' },
    });
    // Another language says each word: the names and the remark are carried as they are.
    const upper = (key: StatementWordKey, values: Readonly<Record<string, string>>) => `${key}(${Object.values(values).join('|')})`;
    expect(sayStatement(parts, upper)).toBe('withRemark(reversal(chipDepositFrom(demo-dl))|typo)');
    const casino = describeEntryParts({ code: 'CASINO_INT_CREDIT', amountMinor: 13_100n, counterparty: 'x', reversedCode: null, remark: 'tx-1', casinoGame: null, casinoRound: 3 });
    expect(sayStatement(casino, upper)).toBe('casinoRound(internationalCasino()|3|won(₹131))');
  });
});
