import { serverSeedHash, STUDIO_MAX_MULTIPLIERS } from '@backlay/shared/casino';
import { CRASH_MAX_CENTS, CRASH_RTP, crashPoint, crashPointFromWord, multiplierAt, probabilityAtLeast, settleCrash, timeToReach } from './crash';

const WORDS = 2 ** 32;

describe('crash RTP under the PF-1 float mapping', () => {
  it('P(crash ≥ x) counts exactly the words whose crash point reaches x (checked word by word at the boundary)', () => {
    for (const cents of [101, 150, 200, 333, 1000, 12345, 1_000_000]) {
      const count = Math.floor((99 * WORDS) / cents);
      const firstWinningWord = WORDS - count;
      expect(crashPointFromWord(firstWinningWord)).toBeGreaterThanOrEqual(cents);
      expect(crashPointFromWord(firstWinningWord - 1)).toBeLessThan(cents);
      expect(probabilityAtLeast(cents)).toBe(count / WORDS);
    }
  });

  it('returns the disclosed 99 % for every cash-out target, to within one word in 2^32 times the target', () => {
    for (let cents = 101; cents <= 100_000; cents += 97) {
      const rtp = (cents / 100) * probabilityAtLeast(cents);
      expect(rtp).toBeLessThanOrEqual(CRASH_RTP);
      expect(CRASH_RTP - rtp).toBeLessThan(cents / 100 / WORDS + 1e-15);
      expect(Number(rtp.toFixed(6))).toBe(CRASH_RTP);
    }
    // At 1.00× every round "wins" the stake back: no edge there, and no one plays it for profit.
    expect(probabilityAtLeast(100)).toBe(1);
  });

  it('maps the edges of the word range', () => {
    expect(crashPointFromWord(0)).toBe(100);
    expect(crashPointFromWord(WORDS - 1)).toBe(CRASH_MAX_CENTS);
    // The maximum the operator registers for crash (a credit above debits × it is refused).
    expect(CRASH_MAX_CENTS).toBe(Number(STUDIO_MAX_MULTIPLIERS.crash) * 100);
    expect(() => crashPointFromWord(WORDS)).toThrow(RangeError);
    expect(() => crashPointFromWord(-1)).toThrow(RangeError);
  });

  it('recomputes a round from revealed seeds: the same seeds, the same crash point; the commitment checks', async () => {
    const serverSeed = 'a'.repeat(64);
    const a = await crashPoint(serverSeed, 'player-seed', 7);
    expect(await crashPoint(serverSeed, 'player-seed', 7)).toBe(a);
    expect(await crashPoint(serverSeed, 'player-seed', 8)).not.toBe(a);
    expect(await serverSeedHash(serverSeed)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('the crash cash-out timing rule (server time decides)', () => {
  it('the curve starts at 1.00× and doubles in about 11.55 s', () => {
    expect(multiplierAt(0)).toBe(100);
    expect(multiplierAt(11_552)).toBe(199);
    expect(multiplierAt(11_553)).toBe(200);
    expect(timeToReach(200)).toBe(11_553);
  });

  it('a cash-out that arrives before the curve reaches the crash point wins the multiplier of its arrival', () => {
    const crash = 250;
    const crashAt = timeToReach(crash);
    expect(settleCrash(crash, crashAt - 1, null)).toEqual({ kind: 'cashed-out', cents: multiplierAt(crashAt - 1) });
    expect(multiplierAt(crashAt - 1)).toBeLessThan(crash);
    expect(settleCrash(crash, crashAt, null)).toEqual({ kind: 'crashed' });
    expect(settleCrash(crash, crashAt + 5_000, null)).toEqual({ kind: 'crashed' });
    expect(settleCrash(crash, null, null)).toEqual({ kind: 'crashed' });
  });

  it('an instant crash (1.00×) beats even an immediate cash-out', () => {
    expect(settleCrash(100, 0, null)).toEqual({ kind: 'crashed' });
  });

  it('an auto cash-out wins at its target when the target is at most the crash point, and the earlier of auto and manual counts', () => {
    expect(settleCrash(250, null, 250)).toEqual({ kind: 'cashed-out', cents: 250 });
    expect(settleCrash(250, null, 251)).toEqual({ kind: 'crashed' });
    expect(settleCrash(500, timeToReach(300), 200)).toEqual({ kind: 'cashed-out', cents: 200 });
    expect(settleCrash(500, timeToReach(150), 200)).toEqual({ kind: 'cashed-out', cents: 150 });
    expect(settleCrash(180, timeToReach(150), 200)).toEqual({ kind: 'cashed-out', cents: 150 });
  });
});
