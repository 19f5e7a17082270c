import { BALANCE_ECHO_WINDOW_MS, BalanceEchoes } from './balance-echoes';

const after = { balance: 1000, exposer: 850 };

function echoes() {
  let now = 0;
  const sut = new BalanceEchoes(() => now);
  return { sut, tick: (ms: number) => (now += ms) };
}

describe('BalanceEchoes', () => {
  it('takes a message after the reply with its figures for the bet\'s echo, once', () => {
    const { sut } = echoes();
    sut.sent();
    expect(sut.ended(after)).toBe(false);
    expect(sut.balance(after)).toBe(false);
    // The same figures again are not an echo any more: something else moved the wallet back.
    expect(sut.balance(after)).toBe(true);
  });

  it('holds a message that arrives before the reply, and takes it for the echo when the reply matches', () => {
    const { sut } = echoes();
    sut.sent();
    expect(sut.balance(after)).toBe(false);
    expect(sut.ended(after)).toBe(false);
  });

  it('calls a held message news when the reply names another wallet (a settlement came in between)', () => {
    const { sut } = echoes();
    sut.sent();
    expect(sut.balance({ balance: 1200, exposer: 0 })).toBe(false);
    expect(sut.ended(after)).toBe(true);
    // The bet's own echo, later, is still recognised.
    expect(sut.balance(after)).toBe(false);
  });

  it('calls a held message news when the placement failed (refused, or its answer lost)', () => {
    const { sut } = echoes();
    sut.sent();
    expect(sut.balance(after)).toBe(false);
    expect(sut.ended(null)).toBe(true);
  });

  it('waits for the last of overlapping placements before it judges the held messages', () => {
    const { sut } = echoes();
    const second = { balance: 1000, exposer: 950 };
    sut.sent();
    sut.sent();
    expect(sut.balance(after)).toBe(false);
    expect(sut.balance(second)).toBe(false);
    expect(sut.ended(after)).toBe(false);
    expect(sut.ended(second)).toBe(false);
  });

  it('calls any message news when no bet of the page explains it', () => {
    expect(echoes().sut.balance(after)).toBe(true);
  });

  it(`no longer takes a message for an echo ${BALANCE_ECHO_WINDOW_MS} ms after the reply`, () => {
    const { sut, tick } = echoes();
    sut.sent();
    sut.ended(after);
    tick(BALANCE_ECHO_WINDOW_MS + 1);
    expect(sut.balance(after)).toBe(true);
  });
});
