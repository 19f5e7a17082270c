import { acceptedPrice, matchedFancyLine, matchedPrice } from './best-execution';

describe('best execution (RULES §7.11, ADR 0034)', () => {
  it.each([
    ['BACK', 2.1, 2.5, 2.5],
    ['BACK', 2.5, 2.5, 2.5],
    ['BACK', 2.52, 2.5, null],
    ['LAY', 2, 1.62, 1.62],
    ['LAY', 1.62, 1.62, 1.62],
    ['LAY', 1.6, 1.62, null],
    ['BACK', 2, null, null],
  ] as const)('%s asked %s, live %s → matched at %s', (side, asked, live, matched) => {
    expect(matchedPrice(side, asked, live)).toBe(matched);
  });

  it.each([
    ['YES', 48, 46, 46],
    ['YES', 46, 46, 46],
    ['YES', 45, 46, null],
    ['NO', 44, 45, 45],
    ['NO', 46, 45, null],
  ] as const)('fancy %s asked line %s, live %s → matched at %s', (side, asked, live, matched) => {
    expect(matchedFancyLine(side, asked, live)).toBe(matched);
  });
});

describe('odds acceptance (ADR 0055)', () => {
  it.each([
    // side, asked, live → better, any, exact
    ['BACK', 2, 2.1, 2.1, 2.1, null],
    ['BACK', 2, 1.9, null, 1.9, null],
    ['BACK', 2, 2, 2, 2, 2],
    ['LAY', 2.02, 1.92, 1.92, 1.92, null],
    ['LAY', 2.02, 2.12, null, 2.12, null],
    ['LAY', 2.02, 2.02, 2.02, 2.02, 2.02],
    ['BACK', 2, null, null, null, null],
  ] as const)('%s asked %s, live %s → better %s, any %s, exact %s', (side, asked, live, better, any, exact) => {
    expect(acceptedPrice(side, asked, live, 'better')).toBe(better);
    expect(acceptedPrice(side, asked, live, 'any')).toBe(any);
    expect(acceptedPrice(side, asked, live, 'exact')).toBe(exact);
  });
});
