import { applyLegs, journalRequestHash, LedgerInvariantError, validateJournal, type AccountState, type JournalRequest } from './journal-rules';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';

function request(overrides: Partial<JournalRequest> = {}): JournalRequest {
  return {
    code: 'CHIP_DEPOSIT',
    eventType: 'chip_transfer',
    eventRef: 'r1',
    idempotencyKey: null,
    actorId: null,
    remark: '',
    legs: [
      { accountId: A, amountMinor: -100n },
      { accountId: B, amountMinor: 100n },
    ],
    reversesJournalId: null,
    ...overrides,
  };
}

describe('validateJournal', () => {
  it('accepts a balanced journal of two or more legs', () => {
    expect(() => validateJournal(request())).not.toThrow();
    const threeLegs = [
      { accountId: A, amountMinor: -100n },
      { accountId: B, amountMinor: 60n },
      { accountId: C, amountMinor: 40n },
    ];
    expect(() => validateJournal(request({ legs: threeLegs }))).not.toThrow();
  });

  // Rows in the order the checks run: the first broken rule is the one reported.
  it.each([
    ['bad code', request({ code: 'lower' as never }), /bad journal code/],
    ['no event', request({ eventRef: '' }), /event type and reference/],
    ['key too long', request({ idempotencyKey: 'k'.repeat(256) }), /1 to 255/],
    ['one leg', request({ legs: [{ accountId: A, amountMinor: 0n }] }), /needs at least 2/],
    ['zero leg', request({ legs: [{ accountId: A, amountMinor: 0n }, { accountId: B, amountMinor: 0n }] }), /zero leg/],
    ['same account twice', request({ legs: [{ accountId: A, amountMinor: -1n }, { accountId: A, amountMinor: 1n }] }), /appears twice/],
    ['unbalanced', request({ legs: [{ accountId: A, amountMinor: -100n }, { accountId: B, amountMinor: 99n }] }), /sum to -1/], // -100 + 99
  ])('refuses %s', (_name, journal, message) => {
    expect(() => validateJournal(journal)).toThrow(LedgerInvariantError);
    expect(() => validateJournal(journal)).toThrow(message);
  });
});

describe('journalRequestHash', () => {
  it('ignores leg order, the key and the actor, and sees every business field', () => {
    const base = journalRequestHash(request());
    expect(journalRequestHash(request({ legs: [...request().legs].reverse() }))).toBe(base);
    expect(journalRequestHash(request({ idempotencyKey: 'k', actorId: A }))).toBe(base);
    expect(journalRequestHash(request({ remark: 'x' }))).not.toBe(base);
    expect(journalRequestHash(request({ eventRef: 'r2' }))).not.toBe(base);
    expect(journalRequestHash(request({ legs: [{ accountId: A, amountMinor: -101n }, { accountId: B, amountMinor: 101n }] }))).not.toBe(base);
    expect(base).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('applyLegs', () => {
  const account = (id: string, balanceMinor: bigint, exposureMinor = 0n, allowNegative = false): AccountState => ({
    id,
    balanceMinor,
    exposureMinor,
    version: 3n,
    allowNegative,
  });

  it('gives each entry the next version and its running balance', () => {
    const result = applyLegs([account(A, 500n), account(B, 0n)], request().legs);
    expect(result).toEqual({
      ok: true,
      entries: [
        { accountId: A, amountMinor: -100n, version: 4n, prevBalanceMinor: 500n, currBalanceMinor: 400n },
        { accountId: B, amountMinor: 100n, version: 4n, prevBalanceMinor: 0n, currBalanceMinor: 100n },
      ],
    });
  });

  it.each([
    // balance, exposure, allowNegative, ok?   (available after = balance − 100 − exposure)
    [100n, 0n, false, true], //   100 − 100 − 0  = 0
    [99n, 0n, false, false], //    99 − 100      = −1
    [150n, 50n, false, true], //  150 − 100 − 50 = 0
    [150n, 51n, false, false], // 150 − 100 − 51 = −1
    [0n, 0n, true, true], //      may go negative (system:mint, credit lines)
  ])('balance %s exposure %s allowNegative %s → ok %s', (balance, exposure, allowNegative, ok) => {
    const result = applyLegs([account(A, balance, exposure, allowNegative), account(B, 0n)], request().legs);
    expect(result.ok).toBe(ok);
    if (!result.ok) expect(result).toEqual({ ok: false, accountId: A, availableMinor: balance - exposure, amountMinor: -100n });
  });

  it('refuses a leg on an account that was not locked', () => {
    expect(() => applyLegs([account(A, 500n)], request().legs)).toThrow(/was not locked/);
  });
});
