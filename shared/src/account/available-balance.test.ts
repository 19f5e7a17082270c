import { availableBalance } from './available-balance';

describe('availableBalance', () => {
  it('is the balance less the exposure, to the paisa (no float residue), never below 0', () => {
    expect(availableBalance({ balance: 10_000, exposer: 2_230 })).toBe(7_770);
    expect(availableBalance({ balance: 0.3, exposer: 0.1 })).toBe(0.2);
    expect(availableBalance({ balance: 1_00_000, exposer: 0 })).toBe(1_00_000);
    expect(availableBalance({ balance: 100, exposer: 100.01 })).toBe(0);
  });
});
