import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { publish, usersApi, type DownlineRow } from '@backlay/shared';
import { ClientList } from './ClientList';

jest.mock('@backlay/shared', () => {
  const actual = jest.requireActual('@backlay/shared');
  return { ...actual, usersApi: { downline: jest.fn() } };
});

const api = usersApi as jest.Mocked<typeof usersApi>;
const row = (username: string, balance: number, status: DownlineRow['status'] = 'active'): DownlineRow => ({
  _id: username, username, role: 'smdl', roleLabel: 'SMDL', status, balance, exposer: 0, createdAt: '2026-11-01T00:00:00Z',
});

describe('ClientList', () => {
  it('shows the downline with totals, filters by search', async () => {
    api.downline.mockResolvedValue([row('alpha', 1000), row('beta', 250.5, 'locked')]);
    render(<ClientList />);
    const table = await screen.findByRole('table', { name: 'Clients' });
    expect(within(table).getByText('1,250.50')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Search clients'), 'bet');
    expect(within(table).queryByText('alpha')).not.toBeInTheDocument();
    expect(within(table).getByText('locked')).toBeInTheDocument();
  });

  it('reloads when the wallet moves (a bus notification)', async () => {
    api.downline.mockResolvedValueOnce([row('alpha', 1000)]).mockResolvedValueOnce([row('alpha', 600)]);
    render(<ClientList />);
    expect(await screen.findAllByText('1,000.00')).toHaveLength(2);
    act(() => publish('wallet.balanceChanged', { balance: 400, exposer: 0 }));
    expect(await screen.findAllByText('600.00')).toHaveLength(2);
  });
});
