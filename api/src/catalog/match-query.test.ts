import { normalizeMatchQuery } from './match-query';

describe('normalizeMatchQuery', () => {
  const none = { pattern: null, sort: null };
  it.each([
    [{}, { sportId: null, status: 'all', limit: 50, ...none }],
    [{ sportId: 4, status: 'in-play' }, { sportId: 4, status: 'inplay', limit: 50, ...none }],
    [{ status: 'upcoming', limit: 10 }, { sportId: null, status: 'upcoming', limit: 10, ...none }],
    [{ status: '', limit: 1000 }, { sportId: null, status: 'all', limit: 100, ...none }],
    [{ search: ' 50%_off ', sort: 'name' as const }, { sportId: null, status: 'all', limit: 50, pattern: '%50\\%\\_off%', sort: { key: 'name', order: 'asc' } }],
    [{ search: '  ', sort: 'openDate' as const, order: 'desc' as const }, { sportId: null, status: 'all', limit: 50, pattern: null, sort: { key: 'openDate', order: 'desc' } }],
  ])('%j → %j', (raw, expected) => {
    expect(normalizeMatchQuery(raw)).toEqual(expected);
  });
});
