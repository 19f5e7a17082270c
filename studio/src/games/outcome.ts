/**
 * One place that turns a round's revealed seeds into its outcome, game by game: the server uses it
 * at bet time and the verify page's endpoint uses it to recompute a round from seeds.
 */
import { crashPoint } from './crash';
import { assertDiceBet, diceMultiplierCents, diceRoll, diceWins, type DiceDirection } from './dice';
import { hiloCards } from './hilo';
import { assertLimboTarget, limboCents, limboResult } from './limbo';
import { assertMines, mineTiles } from './mines';
import { isPlinkoRisk, isPlinkoRows, plinkoPath, plinkoTable, type PlinkoRisk, type PlinkoRows } from './plinko';

export const GAME_CODES = ['crash', 'mines', 'plinko', 'dice', 'limbo', 'hilo'] as const;
export type GameCode = (typeof GAME_CODES)[number];
export function isGameCode(value: unknown): value is GameCode {
  return (GAME_CODES as readonly unknown[]).includes(value);
}

export type GameParams =
  | { game: 'crash' }
  | { game: 'mines'; mines: number }
  | { game: 'plinko'; rows: PlinkoRows; risk: PlinkoRisk }
  | { game: 'dice'; direction: DiceDirection; target: number }
  | { game: 'limbo'; target: number }
  | { game: 'hilo' };

export type GameOutcome =
  | { game: 'crash'; crashCents: number }
  | { game: 'mines'; mines: number; mineTiles: number[] }
  | { game: 'plinko'; rows: PlinkoRows; risk: PlinkoRisk; path: boolean[]; bucket: number; cents: number }
  /** roll in hundredths (0 … 9999); cents: the multiplier paid, 0 when the roll lost. */
  | { game: 'dice'; roll: number; direction: DiceDirection; target: number; cents: number }
  /** result in hundredths; cents: the target when the result reached it, else 0. */
  | { game: 'limbo'; resultCents: number; target: number; cents: number }
  /** The round's cards (indexes 0 … 51 of Stake's infinite deck), card 0 shown at the bet. */
  | { game: 'hilo'; cards: number[] };

/**
 * A game's parameters from a request body (the play API's bet, the verify endpoint), or a
 * RangeError saying what is expected: the one check of what each game takes.
 */
export function parseGameParams(game: GameCode, b: Record<string, unknown>): GameParams {
  switch (game) {
    case 'crash':
      return { game };
    case 'mines':
      assertMines(b.mines);
      return { game, mines: b.mines };
    case 'plinko':
      if (!isPlinkoRows(b.rows) || !isPlinkoRisk(b.risk)) throw new RangeError('rows is 8, 12 or 16 and risk low, medium or high');
      return { game, rows: b.rows, risk: b.risk };
    case 'dice':
      assertDiceBet(b.direction, b.target);
      return { game, direction: b.direction as DiceDirection, target: b.target };
    case 'limbo':
      assertLimboTarget(b.target);
      return { game, target: b.target };
    case 'hilo':
      return { game };
  }
}

/** The outcome of a round of `params` from its seeds. */
export async function outcomeOf(params: GameParams, serverSeed: string, clientSeed: string, nonce: number): Promise<GameOutcome> {
  switch (params.game) {
    case 'crash':
      return { game: 'crash', crashCents: await crashPoint(serverSeed, clientSeed, nonce) };
    case 'mines':
      return { game: 'mines', mines: params.mines, mineTiles: await mineTiles(serverSeed, clientSeed, nonce, params.mines) };
    case 'plinko': {
      if (!isPlinkoRows(params.rows) || !isPlinkoRisk(params.risk)) throw new RangeError('plinko rows are 8, 12 or 16 and risk low, medium or high');
      const path = await plinkoPath(serverSeed, clientSeed, nonce, params.rows);
      const bucket = path.filter(Boolean).length;
      return { game: 'plinko', rows: params.rows, risk: params.risk, path, bucket, cents: plinkoTable(params.rows, params.risk)[bucket] };
    }
    case 'dice': {
      assertDiceBet(params.direction, params.target);
      const roll = await diceRoll(serverSeed, clientSeed, nonce);
      const cents = diceWins(params.direction, params.target, roll) ? diceMultiplierCents(params.direction, params.target) : 0;
      return { game: 'dice', roll, direction: params.direction, target: params.target, cents };
    }
    case 'limbo': {
      assertLimboTarget(params.target);
      const resultCents = await limboResult(serverSeed, clientSeed, nonce);
      return { game: 'limbo', resultCents, target: params.target, cents: limboCents(params.target, resultCents) };
    }
    case 'hilo':
      return { game: 'hilo', cards: await hiloCards(serverSeed, clientSeed, nonce) };
  }
}
