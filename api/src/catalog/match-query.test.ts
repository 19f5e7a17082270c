import { normalizeMatchQuery } from './match-query';

describe('normalizeMatchQuery', () => {
  it.each([
    [{}, { sportId: null, status: 'all', limit: 50 }],
    [{ sportId: 4, status: 'in-play' }, { sportId: 4, status: 'inplay', limit: 50 }],
    [{ status: 'upcoming', limit: 10 }, { sportId: null, status: 'upcoming', limit: 10 }],
    [{ status: '', limit: 1000 }, { sportId: null, status: 'all', limit: 100 }],
  ])('%j → %j', (raw, expected) => {
    expect(normalizeMatchQuery(raw)).toEqual(expected);
  });
});
