import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { securityApi, type LoginHistoryRow } from '@backlay/shared';
import { DownlineLoginHistory, LoginHistoryTable, OwnLoginHistory } from './LoginHistory';

const row = (id: string, over: Partial<LoginHistoryRow> = {}): LoginHistoryRow => ({
  id,
  username: 'demo-user',
  area: 'player',
  at: '2026-01-02T03:04:05.000Z',
  ip: '203.0.113.7',
  device: 'Chrome 131 on Android (mobile)',
  location: 'Internet (203.0.113.7)',
  success: true,
  reason: 'ok',
  ...over,
});

describe('LoginHistoryTable', () => {
  it('shows time, result with its reason, IP, location, device and area; the username only when asked', () => {
    render(<LoginHistoryTable label="Your login history" rows={[row('1'), row('2', { success: false, reason: 'two_factor_invalid', ip: null })]} />);
    const table = screen.getByRole('table', { name: 'Your login history' });
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Time', 'Result', 'IP address', 'Location', 'Device', 'Area']);
    const cells = within(table).getAllByRole('row')[2]?.querySelectorAll('td') ?? [];
    expect([...cells].map((c) => c.textContent)).toEqual([
      expect.stringMatching(/^02\/01\/2026 \d{1,2}:04:05 [AP]M$/),
      'Failed: Wrong two-factor code',
      '—',
      'Internet (203.0.113.7)',
      'Chrome 131 on Android (mobile)',
      'Player',
    ]);
  });
});

describe('OwnLoginHistory and DownlineLoginHistory', () => {
  afterEach(() => jest.restoreAllMocks());

  it('loads the own history and says so when empty', async () => {
    jest.spyOn(securityApi, 'history').mockResolvedValue({ rows: [], hasMore: false });
    render(<OwnLoginHistory />);
    expect(await screen.findByText('No login attempts yet.')).toBeInTheDocument();
  });

  it('filters the downline by username', async () => {
    const downline = jest.spyOn(securityApi, 'downlineHistory').mockResolvedValue({ rows: [row('9', { username: 'child1' })], hasMore: false });
    render(<DownlineLoginHistory />);
    expect(await screen.findByRole('table', { name: 'Downline login history' })).toHaveTextContent('child1');
    await userEvent.type(screen.getByLabelText('Username'), ' child1 ');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(downline).toHaveBeenLastCalledWith({ page: 1, username: 'child1' });
  });
});
