import { STUDIO_MAX_MULTIPLIERS } from '@backlay/shared/casino';
import { PLINKO_RISKS, PLINKO_ROWS, PLINKO_RTP_BP, plinkoPath, plinkoPayout, plinkoTable } from './plinko';

function choose(n: number, k: number): bigint {
  let r = 1n;
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
}

describe('plinko', () => {
  it('never pays more than the maximum the operator registers (16 rows, high risk, the edge bucket)', () => {
    const most = Math.max(...PLINKO_ROWS.flatMap((rows) => PLINKO_RISKS.flatMap((risk) => plinkoTable(rows, risk))));
    expect(most).toBe(Number(STUDIO_MAX_MULTIPLIERS.plinko) * 100);
  });

  it.each(PLINKO_ROWS.flatMap((rows) => PLINKO_RISKS.map((risk) => [rows, risk] as const)))(
    '%i rows, %s risk: the binomial expectation of the pay table is the disclosed RTP',
    (rows, risk) => {
      const table = plinkoTable(rows, risk);
      expect(table).toHaveLength(rows + 1);
      expect(table).toEqual([...table].reverse());
      // Σ C(rows, b) · cents_b over 2^rows · 100, in hundredths of a percent, rounded half up.
      const sum = table.reduce((acc, cents, b) => acc + BigInt(cents) * choose(rows, b), 0n);
      const den = 100n * (1n << BigInt(rows));
      const bp = Number((sum * 20_000n + den) / (2n * den));
      expect(bp).toBe(PLINKO_RTP_BP[rows][risk]);
      expect(bp).toBeLessThanOrEqual(9900);
    },
  );

  it('recomputes the path and the bucket from the seeds, and pays ⌊stake · multiplier⌋', async () => {
    const seed = 'f'.repeat(64);
    const path = await plinkoPath(seed, 'c', 1, 16);
    expect(path).toHaveLength(16);
    expect(await plinkoPath(seed, 'c', 1, 16)).toEqual(path);
    const { bucket, cents, payout } = plinkoPayout(1001, 16, 'low', path);
    expect(bucket).toBe(path.filter(Boolean).length);
    expect(cents).toBe(plinkoTable(16, 'low')[bucket]);
    expect(payout).toBe(Math.floor((1001 * cents) / 100));
  });
});
