import { refPlMinor, toClientRow } from './client-row';
import type { ClientRecord } from './users.repository';
import { containsPattern } from '../common/sorting';
import { ownUnlessNamed } from './users.service';

describe('containsPattern', () => {
  it.each([
    [undefined, null],
    ['   ', null],
    ['ravi', '%ravi%'],
    [' 50%_off\\ ', '%50\\%\\_off\\\\%'], // wildcards and the escape character are literal
  ])('%j → %j', (search, pattern) => {
    expect(containsPattern(search)).toBe(pattern);
  });
});

describe('toClientRow', () => {
  const record: ClientRecord = {
    id: '00000000-0000-4000-8000-000000000001',
    username: 'ravi',
    displayName: 'Ravi',
    phone: null,
    role: 'dl',
    status: 'active',
    betLock: true,
    lockedBy: null,
    betLockedBy: 'demo-mdl',
    parentId: null,
    balanceMinor: 150_000n,
    exposureMinor: 20_050n,
    creditReferenceMinor: 200_000n,
    partnershipShareBps: 3_333,
    commissionBps: 150,
    exposureLimitMinor: 5_000_000n,
    childCount: 3,
    createdAt: new Date('2026-01-02T03:04:05.000Z'),
  };

  it('shows rupees and percentages; Ref P/L = balance − credit reference (RULES §7.10)', () => {
    expect(toClientRow(record)).toEqual({
      _id: record.id,
      username: 'ravi',
      displayName: 'Ravi',
      phone: null,
      role: 'dl',
      roleLabel: 'DL',
      status: 'active',
      betLock: true,
      lockedBy: null,
      betLockedBy: 'demo-mdl',
      balance: 1500,
      exposer: 200.5,
      available: 1299.5, // 1,500.00 − 200.50
      creditReference: 2000,
      refPL: -500, // 1,500 − 2,000
      partnership: 33.33,
      commission: 1.5,
      exposureLimit: 50_000,
      childCount: 3,
      createdAt: '2026-01-02T03:04:05.000Z',
    });
    expect(refPlMinor(0n, 0n)).toBe(0n);
  });
});

describe('ownUnlessNamed', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['  ', undefined],
    [' demo-dl ', 'demo-dl'],
  ])('%j → %j', (username, expected) => {
    expect(ownUnlessNamed(username)).toBe(expected);
  });
});
