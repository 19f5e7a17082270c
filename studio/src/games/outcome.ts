/**
 * One place that turns a round's revealed seeds into its outcome, game by game: the server uses it
 * at bet time and the verify page's endpoint uses it to recompute a round from seeds.
 */
import { crashPoint } from './crash';
import { mineTiles } from './mines';
import { isPlinkoRisk, isPlinkoRows, plinkoPath, plinkoTable, type PlinkoRisk, type PlinkoRows } from './plinko';

export const GAME_CODES = ['crash', 'mines', 'plinko'] as const;
export type GameCode = (typeof GAME_CODES)[number];
export function isGameCode(value: unknown): value is GameCode {
  return (GAME_CODES as readonly unknown[]).includes(value);
}

export type GameParams = { game: 'crash' } | { game: 'mines'; mines: number } | { game: 'plinko'; rows: PlinkoRows; risk: PlinkoRisk };

export type GameOutcome =
  | { game: 'crash'; crashCents: number }
  | { game: 'mines'; mines: number; mineTiles: number[] }
  | { game: 'plinko'; rows: PlinkoRows; risk: PlinkoRisk; path: boolean[]; bucket: number; cents: number };

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
  }
}
