/**
 * Test support (not exported by the package): plays PF-1 rounds of a table and lists every way a
 * round breaks the settlement contract the engine relies on: each market's outcomes name exactly
 * its runners, at most one runner wins, every outcome is a known rule (with its profit where the
 * rule needs one), and a bettable runner's return is never negative.
 */
import { backReturnPer100 } from '../market-kit';
import { playRound } from '../registry';
import { type CasinoGame, type RoundResult } from '../types';

const WINS = ['WIN', 'WIN_REDUCED', 'WIN_PAYTABLE'];

/** Problems of one round against the table's markets (empty when it settles every runner). */
export function roundProblems<C>(game: CasinoGame<C>, config: C, r: RoundResult): string[] {
  const problems: string[] = [];
  const markets = game.markets(config);
  const codes = markets.map((m) => m.code).sort();
  if (Object.keys(r.outcomes).sort().join() !== codes.join()) problems.push(`markets ${Object.keys(r.outcomes).sort().join()} ≠ ${codes.join()}`);
  for (const m of markets) {
    const outcomes = r.outcomes[m.code] ?? {};
    if (Object.keys(outcomes).sort().join() !== m.runners.map((x) => x.selectionId).sort().join()) problems.push(`${m.code}: outcomes name other runners`);
    if (m.runners.filter((x) => WINS.includes(outcomes[x.selectionId]?.rule)).length > 1) problems.push(`${m.code}: more than one winner`);
    for (const x of m.runners) {
      const o = outcomes[x.selectionId];
      if (!o) continue;
      if (x.back !== null && !(backReturnPer100(o, x.back) >= 0)) problems.push(`${m.code}/${x.selectionId}: bad return`);
    }
  }
  return problems;
}

/** Plays `rounds` PF-1 rounds (nonces 0 …) and returns each round's problems, prefixed by its nonce. */
/**
 * The timeout of a test that plays rounds: 200 full-shoe PF-1 shuffles (an 8-deck shoe is about 52
 * HMAC blocks a round, through async Web Crypto) take seconds on a loaded two-core machine, over
 * jest's default 5 s.
 */
export const ROUND_CHECK_TIMEOUT_MS = 60_000;

export async function playedRoundProblems<C>(game: CasinoGame<C>, rounds = 200, config: C = game.defaultConfig): Promise<string[]> {
  const problems: string[] = [];
  const serverSeed = '3f1c5e0d9b2a47c68e5d0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e';
  for (let nonce = 0; nonce < rounds; nonce++) {
    const r = await playRound(game, serverSeed, `${game.code}-table`, nonce, config);
    for (const p of roundProblems(game, config, r)) problems.push(`nonce ${nonce}: ${p}`);
  }
  return problems;
}
