/**
 * Dice, limbo and hilo as a service, through HTTP against the signing operator double: a win and a
 * loss of each settle with one credit of exactly what the rules pay (recomputed here from the
 * revealed outcome), the verify endpoint recomputes a round from its revealed seed, and hostile
 * input is a 400, never a 500 and never a debit.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { diceMultiplierCents } from '../src/games/dice';
import { hiloPayout, hiloProgress, hiloRank, type HiloGuess } from '../src/games/hilo';
import { openGame, PARTNER, play, SECRET, startStudio, until, type Running } from './harness';
import { startOperatorDouble, type OperatorDouble } from './operator-double';

let dataDir: string;
let operator: OperatorDouble;
let running: Running;

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'studio-originals-'));
  operator = await startOperatorDouble(PARTNER, SECRET);
  running = await startStudio(dataDir, operator);
});
afterEach(async () => {
  await running.stop();
  await operator.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Call = ReturnType<typeof play>;

/** The credit the operator got for a round (after it closed). */
async function creditOf(roundId: string) {
  await until(() => running.studio.store.rounds.get(roundId)!.state === 'closed');
  const credits = operator.calls.filter((c) => c.op === 'credit' && c.body.roundId === roundId);
  expect(credits).toHaveLength(1);
  expect(credits[0].body).toMatchObject({ transactionId: `${roundId}:credit`, refTransactionId: `${roundId}:debit`, roundClosed: true, currency: 'INR' });
  return credits[0].body.amount as string;
}

/** Bets until `want(round)` holds (win or loss), at most ten rounds; the round wanted and the rounds it took (`tries`, itself included). */
async function betUntil(call: Call, body: object, want: (round: { outcome: { cents: number } }) => boolean) {
  for (let attempt = 0; attempt < 10; attempt++) {
    const bet = await call('POST', '/play-api/bet', body);
    expect(bet.status).toBe(200);
    if (want(bet.body.round)) return { ...bet.body.round, tries: attempt + 1 };
  }
  throw new Error('ten rounds without the outcome wanted');
}

describe('dice through the play API', () => {
  it('a win pays ⌊stake · ⌊990 000/n⌋/100⌋, a loss credits "0"; the revealed seed recomputes the roll at /verify-api', async () => {
    const call = play(running, await openGame(running, 'dice'));
    // Under 98.00: 9 800 rolls in 10 000 win, at 1.01×.
    const win = await betUntil(call, { stake: '1000', direction: 'under', target: 9_800 }, (r) => r.outcome.cents > 0);
    expect(win.outcome).toMatchObject({ game: 'dice', direction: 'under', target: 9_800, cents: diceMultiplierCents('under', 9_800) });
    expect(win.outcome.roll).toBeLessThan(9_800);
    expect(await creditOf(win.roundId)).toBe(String(Math.floor((1000 * 101) / 100)));
    // Over 99.98: one roll in 10 000 wins.
    const loss = await betUntil(call, { stake: '500', direction: 'over', target: 9_998 }, (r) => r.outcome.cents === 0);
    expect(loss.outcome.roll).toBeLessThan(9_999);
    expect(await creditOf(loss.roundId)).toBe('0');
    // Each round before the one wanted had the other outcome (a first "under 98" loses 1 time in 50):
    // lost stakes before the win, paid ones before the loss.
    const paidOver = Math.floor((500 * diceMultiplierCents('over', 9_998)) / 100);
    expect(operator.balance).toBe(100_000 - 1000 * win.tries + 1010 - 500 * loss.tries + paidOver * (loss.tries - 1));

    const rotated = await call('POST', '/play-api/seeds', { clientSeed: 'verify-me' });
    expect(rotated.body.revealed.serverSeedHash).toBe(win.serverSeedHash);
    const verify = await fetch(`${running.url}/verify-api/outcome`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ game: 'dice', serverSeed: rotated.body.revealed.serverSeed, clientSeed: win.clientSeed, nonce: win.nonce, direction: 'under', target: 9_800 }),
    });
    expect(verify.status).toBe(200);
    expect((await verify.json()).outcome).toEqual(win.outcome);
  });
});

describe('limbo through the play API', () => {
  it('a result at or above the target pays the target, one below it credits "0"', async () => {
    const call = play(running, await openGame(running, 'limbo'));
    const win = await betUntil(call, { stake: '2000', target: 101 }, (r) => r.outcome.cents > 0);
    expect(win.outcome.resultCents).toBeGreaterThanOrEqual(101);
    expect(await creditOf(win.roundId)).toBe('2020');
    const loss = await betUntil(call, { stake: '2000', target: 1_000_000 }, (r) => r.outcome.cents === 0);
    expect(loss.outcome.resultCents).toBeLessThan(1_000_000);
    expect(await creditOf(loss.roundId)).toBe('0');
  });
});

describe('hilo through the play API', () => {
  /** The guess most likely to win on a card of `rank`. */
  const likely = (rank: number): HiloGuess => (rank <= 7 ? 'higher' : 'lower');

  it('guesses until one is right, then cashes out for exactly ⌊stake · Π 0.99·13/n⌋; the next card stays hidden while the round is open', async () => {
    const call = play(running, await openGame(running, 'hilo'));
    for (let attempt = 0; attempt < 10; attempt++) {
      const bet = await call('POST', '/play-api/bet', { stake: '1000' });
      expect(bet.status).toBe(200);
      const round = bet.body.round;
      expect(round.outcome).toBeNull();
      expect(round.hilo.cards).toHaveLength(1);
      expect((await call('POST', '/play-api/hilo/cashout', { roundId: round.roundId })).status).toBe(409);
      const guess = await call('POST', '/play-api/hilo/guess', { roundId: round.roundId, guess: likely(hiloRank(round.hilo.cards[0])) });
      expect(guess.status).toBe(200);
      if (guess.body.round.state !== 'open') {
        expect(await creditOf(round.roundId)).toBe('0');
        continue;
      }
      expect(guess.body.round.hilo.cards).toHaveLength(2);
      const cash = await call('POST', '/play-api/hilo/cashout', { roundId: round.roundId });
      expect(cash.status).toBe(200);
      const amount = await creditOf(round.roundId);
      const closed = (await call('GET', `/play-api/rounds/${round.roundId}`)).body.round;
      const expected = hiloPayout(1000, hiloProgress(closed.outcome.cards, closed.hilo.guesses));
      expect(amount).toBe(String(expected));
      expect(expected).toBeGreaterThan(1000);
      return;
    }
    throw new Error('ten rounds without a right guess');
  });

  it('a wrong guess loses the stake and ends the round', async () => {
    const call = play(running, await openGame(running, 'hilo'));
    for (let attempt = 0; attempt < 10; attempt++) {
      const bet = await call('POST', '/play-api/bet', { stake: '700' });
      // "Same" wins one time in 13.
      const guess = await call('POST', '/play-api/hilo/guess', { roundId: bet.body.round.roundId, guess: 'same' });
      expect(guess.status).toBe(200);
      if (guess.body.round.state === 'open') {
        await call('POST', '/play-api/hilo/cashout', { roundId: bet.body.round.roundId });
        await creditOf(bet.body.round.roundId);
        continue;
      }
      expect(await creditOf(bet.body.round.roundId)).toBe('0');
      const closed = (await call('GET', `/play-api/rounds/${bet.body.round.roundId}`)).body.round;
      expect(hiloRank(closed.outcome.cards[1])).not.toBe(hiloRank(closed.outcome.cards[0]));
      expect((await call('POST', '/play-api/hilo/guess', { roundId: bet.body.round.roundId, guess: 'higher' })).status).toBe(409);
      return;
    }
    throw new Error('ten rounds without a wrong guess');
  });
});

describe('hostile input to the new games', () => {
  it('is a 400 (or 404 for a round that is not the player’s), never a 500, and never reaches the wallet as a debit', async () => {
    const dice = play(running, await openGame(running, 'dice'));
    for (const body of [
      { direction: 'sideways', target: 5000 },
      { direction: 'under', target: 0 },
      { direction: 'under', target: 9_801 },
      { direction: 'over', target: 198 },
      { direction: 'over', target: 10_000 },
      { direction: 'under', target: '5000' },
      { direction: 'under', target: 50.5 },
      { direction: ['under'], target: 5000 },
      {},
    ]) {
      expect((await dice('POST', '/play-api/bet', { stake: '100', ...body })).status).toBe(400);
    }
    const limbo = play(running, await openGame(running, 'limbo'));
    for (const target of [100, 99, 100_000_001, 1.5, '200', null, { a: 1 }]) expect((await limbo('POST', '/play-api/bet', { stake: '100', target })).status).toBe(400);
    const hilo = play(running, await openGame(running, 'hilo'));
    expect((await hilo('POST', '/play-api/bet', { stake: '-5' })).status).toBe(400);
    expect(operator.calls.filter((c) => c.op === 'debit')).toHaveLength(0);
    const bet = await hilo('POST', '/play-api/bet', { stake: '100' });
    for (const guess of ['up', '', null, 1, ['higher']]) expect((await hilo('POST', '/play-api/hilo/guess', { roundId: bet.body.round.roundId, guess })).status).toBe(400);
    expect((await hilo('POST', '/play-api/hilo/guess', { roundId: 'bs-nope', guess: 'higher' })).status).toBe(404);
    expect((await hilo('POST', '/play-api/hilo/guess', { roundId: { $ne: 1 }, guess: 'higher' })).status).toBe(404);
    for (const body of [{ game: 'dice', direction: 'under' }, { game: 'limbo', target: 5 }, { game: 'poker' }]) {
      const res = await fetch(`${running.url}/verify-api/outcome`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ serverSeed: 'a'.repeat(64), clientSeed: 'c', nonce: 0, ...body }),
      });
      expect(res.status).toBe(400);
    }
  });
});
