import { orderByClause, sortRequestOf } from './sorting';

const WHITELIST = { name: 'lower(u.username)', balance: 'a.balance_minor' } as const;

describe('orderByClause', () => {
  it.each([
    [null, 'ORDER BY u.id'],
    [{ key: 'name', order: 'asc' }, 'ORDER BY lower(u.username) ASC NULLS LAST, u.id'],
    [{ key: 'balance', order: 'desc' }, 'ORDER BY a.balance_minor DESC NULLS LAST, u.id'],
  ] as const)('%j → %s', (sort, clause) => {
    expect(orderByClause(WHITELIST, sort, 'u.id')).toBe(clause);
  });

  it('refuses a key outside the whitelist (the schema let through what the repository lacks)', () => {
    expect(() => orderByClause(WHITELIST, { key: 'toString' as 'name', order: 'asc' }, 'u.id')).toThrow('no sort column "toString"');
    expect(() => orderByClause(WHITELIST, { key: 'name; DROP TABLE users' as 'name', order: 'asc' }, 'u.id')).toThrow('no sort column');
  });
});

describe('sortRequestOf', () => {
  it('is null without sort, ascending without order', () => {
    expect(sortRequestOf({})).toBeNull();
    expect(sortRequestOf({ order: 'desc' })).toBeNull();
    expect(sortRequestOf({ sort: 'name' })).toEqual({ key: 'name', order: 'asc' });
    expect(sortRequestOf({ sort: 'name', order: 'desc' })).toEqual({ key: 'name', order: 'desc' });
  });
});
