import { BET_STATUS_LABELS, MARKET_STATUS_LABELS, marketStatusLabel, sideClass, sideLabel } from './bet-labels';

describe('bet and market labels', () => {
  it('colours back and YES blue, lay and NO pink, and names sides and statuses', () => {
    expect((['BACK', 'YES', 'LAY', 'NO'] as const).map(sideClass)).toEqual(['back', 'back', 'lay', 'lay']);
    expect((['BACK', 'YES', 'LAY', 'NO'] as const).map(sideLabel)).toEqual(['Back', 'Yes', 'Lay', 'No']);
    expect((['open', 'settled', 'voided'] as const).map((s) => BET_STATUS_LABELS[s])).toEqual(['Open', 'Settled', 'Void']);
  });

  it('says whose a suspension is', () => {
    expect(marketStatusLabel({ status: 'open', adminSuspended: false })).toBe('Open');
    expect(marketStatusLabel({ status: 'ball_running', adminSuspended: false })).toBe('Ball running');
    expect(marketStatusLabel({ status: 'suspended', adminSuspended: true })).toBe('Suspended by admin');
    expect(marketStatusLabel({ status: 'suspended', adminSuspended: false })).toBe('Suspended by feed');
    expect(MARKET_STATUS_LABELS.closed).toBe('Closed');
  });
});
