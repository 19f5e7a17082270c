/** The games' disclosed rules as the game and verify pages show them: the same numbers the RTP tests check. */
import { CRASH_GROWTH_PER_MS, CRASH_RTP } from './crash';
import { MINES_RTP, minesMultiplierCents } from './mines';
import { PLINKO_RISKS, PLINKO_ROWS, PLINKO_RTP_BP, plinkoTable } from './plinko';

export function disclosedRules() {
  return {
    crash: { rtp: CRASH_RTP, growthPerMs: CRASH_GROWTH_PER_MS },
    mines: { rtp: MINES_RTP, tiles: 25, multipliers: Object.fromEntries(Array.from({ length: 24 }, (_, i) => [i + 1, Array.from({ length: 25 - (i + 1) }, (_, k) => minesMultiplierCents(i + 1, k + 1))])) },
    plinko: {
      rows: PLINKO_ROWS,
      risks: PLINKO_RISKS,
      tables: Object.fromEntries(PLINKO_ROWS.map((r) => [r, Object.fromEntries(PLINKO_RISKS.map((k) => [k, { cents: plinkoTable(r, k), rtpBp: PLINKO_RTP_BP[r][k] }]))])),
    },
  };
}
