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
