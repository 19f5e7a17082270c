import { PlacementEchoes } from './wallet-news';

const echo = (betId: string) => ({ balance: 1000, exposer: 850, betId });
const settled = { balance: 1200, exposer: 0, journalId: 'j-1' };

describe('PlacementEchoes', () => {
  it('skips the echo of a bet the page placed, once, whatever its figures', () => {
    const sut = new PlacementEchoes();
    sut.sent();
    expect(sut.ended('b-1')).toBe(false);
    expect(sut.balance(echo('b-1'))).toBe(false);
    // The same bet's message again is not an echo any more.
    expect(sut.balance(echo('b-1'))).toBe(true);
  });

  it('holds a message that arrives before the reply, and skips it when the reply names its bet', () => {
    const sut = new PlacementEchoes();
    sut.sent();
    expect(sut.balance(echo('b-1'))).toBe(false);
    expect(sut.ended('b-1')).toBe(false);
  });

  it('calls news a journal (a settlement, a deposit) or another bet (another tab), held or not', () => {
    const sut = new PlacementEchoes();
    sut.sent();
    expect(sut.balance(settled)).toBe(false);
    expect(sut.ended('b-1')).toBe(true);
    // The bet's own echo, later, is still recognised.
    expect(sut.balance(echo('b-1'))).toBe(false);
    expect(sut.balance(echo('b-other-tab'))).toBe(true);
    expect(sut.balance({ balance: 1, exposer: 0 })).toBe(true); // no cause named: news
  });

  it('calls a held message news when the placement failed (refused, or its answer lost)', () => {
    const sut = new PlacementEchoes();
    sut.sent();
    expect(sut.balance(echo('b-lost'))).toBe(false);
    expect(sut.ended(null)).toBe(true);
  });

  it('waits for the last of overlapping placements before it judges the held messages', () => {
    const sut = new PlacementEchoes();
    sut.sent();
    sut.sent();
    expect(sut.balance(echo('b-2'))).toBe(false);
    expect(sut.balance(echo('b-1'))).toBe(false);
    expect(sut.ended('b-1')).toBe(false); // b-2's placement still under way
    expect(sut.ended('b-2')).toBe(false);
  });
});
