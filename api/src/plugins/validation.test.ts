import { badText, findBadText, numericProperties, unboundedNumbers } from './validation';

describe('badText', () => {
  it.each([
    ['plain', null],
    ['emoji 😀 (a surrogate pair)', null],
    ['', null],
    ['a\u0000b', 'must not contain a NUL character'],
    ['lone high \ud800', 'must be valid Unicode text'],
    ['\udc00 lone low', 'must be valid Unicode text'],
    ['reversed pair \udc00\ud800', 'must be valid Unicode text'],
  ])('%j → %p', (text, reason) => {
    expect(badText(text)).toBe(reason);
  });
});

describe('findBadText', () => {
  it('finds a bad string at any depth, and in a field name, with its path', () => {
    expect(findBadText({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toEqual({ path: '/a/1/c', reason: 'must not contain a NUL character' });
    expect(findBadText({ ['k\ud800']: 1 })).toEqual({ path: '/k\ud800', reason: 'field names must be valid Unicode text' });
    expect(findBadText({ n: 1, b: true, z: null, s: 'fine' })).toBeNull();
    expect(findBadText(undefined)).toBeNull();
    expect(findBadText(Buffer.from([0]))).toBeNull();
  });
});

describe('unboundedNumbers', () => {
  it('names each request number without both bounds, at any depth', () => {
    const schema = {
      type: 'object',
      properties: {
        ok: { type: 'integer', minimum: 0, maximum: 10 },
        exclusive: { type: 'number', exclusiveMinimum: 0, maximum: 1 },
        open: { type: 'number' },
        nullable: { type: ['number', 'null'], minimum: 0 },
        nested: { type: 'object', properties: { deep: { type: 'integer', maximum: 3 } } },
        list: { type: 'array', items: { type: 'number', minimum: 0, maximum: Infinity } },
        text: { type: 'string' },
      },
      anyOf: [{ properties: { alt: { type: 'integer' } } }],
    };
    expect(unboundedNumbers(schema)).toEqual(['/open', '/nullable', '/nested/deep', '/list/*', '/alt']);
  });

  it('accepts a bound only within safe integers', () => {
    expect(unboundedNumbers({ type: 'integer', minimum: 0, maximum: 2 ** 60 })).toEqual(['(root)']);
  });
});

describe('numericProperties', () => {
  it('lists the numeric fields of a query schema with their type', () => {
    expect(
      numericProperties({ type: 'object', properties: { page: { type: 'integer' }, odds: { type: ['number', 'null'] }, q: { type: 'string' } } }),
    ).toEqual([
      ['page', 'integer'],
      ['odds', 'number'],
    ]);
    expect(numericProperties({ type: 'string' })).toEqual([]);
  });
});
