import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type LoginHistoryRow } from '@backlay/shared';
import { fakeSecurity, renderWithApis, withMocks } from '@backlay/shared/testing';
import { DownlineLoginHistory, LoginHistoryTable, OwnLoginHistory } from './LoginHistory';

const security = withMocks(fakeSecurity, 'history', 'downlineHistory');
const apis = { security };

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
    renderWithApis(<LoginHistoryTable label="Your login history" rows={[row('1'), row('2', { success: false, reason: 'two_factor_invalid', ip: null })]} />, apis);
    const table = screen.getByRole('table', { name: 'Your login history' });
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Time', 'Result', 'IP address', 'Location', 'Device', 'Area']);
    const cells = within(table).getAllByRole('row')[2]?.querySelectorAll('td') ?? [];
    expect([...cells].map((c) => c.textContent)).toEqual([
      expect.stringMatching(/^02\/01\/2026 \d{1,2}:04:05 [AP]M$/),
      'Failed: Wrong or already used two-factor code',
      '—',
      'Internet (203.0.113.7)',
      'Chrome 131 on Android (mobile)',
      'Player',
    ]);
  });

  it('shows the password step of a two-factor sign-in as a neutral first step, never as failed', () => {
    renderWithApis(
      <LoginHistoryTable label="Your login history" rows={[row('2'), row('1', { success: false, reason: 'two_factor_pending' })]} />,
      apis,
    );
    const table = screen.getByRole('table', { name: 'Your login history' });
    const results = within(table).getAllByRole('row').slice(1).map((r) => r.querySelectorAll('td')[1]);
    expect(results.map((cell) => cell?.textContent)).toEqual(['Success: Signed in', 'First step: Password accepted, waiting for the two-factor code']);
    expect(results.map((cell) => cell?.className)).toEqual(['bl-security__success', 'bl-security__step']);
    expect(table).not.toHaveTextContent('Failed');
  });
});

describe('OwnLoginHistory and DownlineLoginHistory', () => {
  afterEach(() => jest.resetAllMocks());

  it('loads the own history and says so when empty', async () => {
    security.history.mockResolvedValue({ rows: [], hasMore: false });
    renderWithApis(<OwnLoginHistory />, apis);
    expect(await screen.findByText('No login attempts yet.')).toBeInTheDocument();
  });

  it('filters the downline by username', async () => {
    const downline = security.downlineHistory.mockResolvedValue({ rows: [row('9', { username: 'child1' })], hasMore: false });
    renderWithApis(<DownlineLoginHistory />, apis);
    expect(await screen.findByRole('table', { name: 'Downline login history' })).toHaveTextContent('child1');
    await userEvent.type(screen.getByLabelText('Username'), ' child1 ');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(downline).toHaveBeenLastCalledWith({ page: 1, username: 'child1' });
  });
});
