import moment from 'moment';
import { listRange, paymentStatusLabel, REPORT_TYPES } from './statement-filters';

describe('deposit and withdraw statement filters', () => {
  it('sends the local start and end of the chosen days', () => {
    const { startDate, endDate } = listRange('2026-11-01', '2026-11-07');
    expect(moment(startDate).format('YYYY-MM-DD HH:mm:ss.SSS')).toBe('2026-11-01 00:00:00.000');
    expect(moment(endDate).format('YYYY-MM-DD HH:mm:ss.SSS')).toBe('2026-11-07 23:59:59.999');
    // The same instants moment gave when the player's and the agent's screens each had a copy.
    expect(startDate).toBe(moment('2026-11-01', 'YYYY-MM-DD').startOf('day').toISOString());
    expect(endDate).toBe(moment('2026-11-07', 'YYYY-MM-DD').endOf('day').toISOString());
  });

  it('names each status and report type', () => {
    expect(['approved', 'pending', 'rejected'].map(paymentStatusLabel)).toEqual(['Approved', 'Pending', 'Rejected']);
    expect(REPORT_TYPES.map((t) => t.value)).toEqual(['all', 'approved', 'pending', 'rejected']);
  });
});
