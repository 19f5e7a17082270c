import { compareTransactions, previousUtcDate } from './reconciliation';

describe('compareTransactions', () => {
  const ours = [
    { transactionId: 'a', type: 'debit' as const, amountMinor: '1000' },
    { transactionId: 'b', type: 'debit' as const, amountMinor: '1000' },
    { transactionId: 'c', type: 'credit' as const, amountMinor: '0' },
  ];

  it('finds nothing when both sides agree', () => {
    expect(compareTransactions(ours, ours.map((o) => ({ transactionId: o.transactionId, type: o.type, amount: o.amountMinor })))).toEqual([]);
  });

  it('lists exactly the missing and the differing transactions, amounts in rupees', () => {
    const theirs = [
      { transactionId: 'a', type: 'debit', amount: '1000' },
      { transactionId: 'b', type: 'debit', amount: '1500' },
      { transactionId: 'z', type: 'rollback', amount: '250' },
    ];
    expect(compareTransactions(ours, theirs)).toEqual([
      { kind: 'amount_differs', transactionId: 'b', type: 'debit', ours: '10.00', theirs: '15.00' },
      { kind: 'missing_theirs', transactionId: 'c', type: 'credit', ours: '0.00', theirs: null },
      { kind: 'missing_ours', transactionId: 'z', type: 'rollback', ours: null, theirs: '2.50' },
    ]);
  });

  it('matches a debit the provider never saw answered, by its rollback: reached us (debit + rollback) or not (rollback of 0)', () => {
    // The provider's report lacks both debits (unconfirmed) and names the stake on each rollback.
    const theirs = [
      { transactionId: 'r1', type: 'rollback', amount: '2500', refTransactionId: 'd1' },
      { transactionId: 'r2', type: 'rollback', amount: '700', refTransactionId: 'd2' },
    ];
    const reached = { transactionId: 'd1', type: 'debit' as const, amountMinor: '2500' };
    const rollbacks = [
      { transactionId: 'r1', type: 'rollback' as const, amountMinor: '2500', refTransactionId: 'd1' },
      { transactionId: 'r2', type: 'rollback' as const, amountMinor: '0', refTransactionId: 'd2' },
    ];
    expect(compareTransactions([reached, ...rollbacks], theirs)).toEqual([]);
    // Without our rollback the debit still holds the stake: both are reported.
    expect(compareTransactions([reached], theirs)).toEqual([
      { kind: 'missing_theirs', transactionId: 'd1', type: 'debit', ours: '25.00', theirs: null },
      { kind: 'missing_ours', transactionId: 'r1', type: 'rollback', ours: null, theirs: '25.00' },
      { kind: 'missing_ours', transactionId: 'r2', type: 'rollback', ours: null, theirs: '7.00' },
    ]);
    // A rollback of 0 while we hold the debit is a real difference.
    expect(compareTransactions([reached, { ...rollbacks[0], amountMinor: '0' }, rollbacks[1]], theirs)).toEqual([
      { kind: 'amount_differs', transactionId: 'r1', type: 'rollback', ours: '0.00', theirs: '25.00' },
    ]);
  });

  it('counts an amount that is not CW-1 minor units as differing, never as equal', () => {
    expect(compareTransactions([ours[0]], [{ transactionId: 'a', type: 'debit', amount: '1e3' }])).toEqual([
      { kind: 'amount_differs', transactionId: 'a', type: 'debit', ours: '10.00', theirs: null },
    ]);
  });
});

describe('previousUtcDate', () => {
  it('is the UTC day before', () => {
    expect(previousUtcDate(Date.UTC(2026, 2, 1, 0, 5))).toBe('2026-02-28');
  });
});
