import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { DASHBOARD_DAYS, setUser, type AgentDashboard, type UserInfo } from '@backlay/shared';
import { fakeBets, renderWithApis, withMocks } from '@backlay/shared/testing';
import { Dashboard } from './Dashboard';
import { compactRupees, dayLabel, shortLabel, waitedFor } from './dashboard-figures';

const api = withMocks(fakeBets, 'agentDashboard');

const days = Array.from({ length: DASHBOARD_DAYS }, (_, i) => {
  const day = new Date(Date.UTC(2026, 9, 31 + i)).toISOString().slice(0, 10);
  return { day, turnover: 0, bets: 0, ggr: 0, ownShare: 0, activePlayers: 0 };
});
days[DASHBOARD_DAYS - 1] = { ...days[DASHBOARD_DAYS - 1]!, turnover: 13_500, bets: 3, ggr: 10_000, ownShare: 5_000, activePlayers: 2 };

const board = (over: Partial<AgentDashboard> = {}): AgentDashboard => ({
  from: days[0]!.day,
  to: days[DASHBOARD_DAYS - 1]!.day,
  days,
  totals: { turnover: 13_500, bets: 3, ggr: 10_000, ownShare: 5_000, activePlayers: 2, players: 7 },
  exposure: {
    total: 4_520,
    matches: [{ matchId: 'e1', matchName: 'Reds v Blues', sportName: 'Soccer', exposure: 4_520, players: 2 }],
    positions: [{ username: 'p1', matchName: 'Reds v Blues', exposure: 2_500 }, { username: 'p2', matchName: 'Reds v Blues', exposure: 2_020 }],
  },
  casino: [{ kind: 'live', game: 'Dragon Tiger', bets: 40, stake: 4_000, ggr: -150 }, { kind: 'international', game: 'Aviator', bets: 3, stake: 300, ggr: 120 }],
  pending: { deposit: { count: 2, oldestAt: new Date(Date.now() - 125 * 60_000).toISOString() }, withdraw: { count: 0, oldestAt: null } },
  ...over,
});

const agent: UserInfo = {
  _id: 'u1', username: 'demo-dl', role: 'dl', roleLabel: 'DL', sessionId: 's1', balance: 10, exposer: 0,
  changePassAndTxn: false, mustChangePassword: false, hasTransactionPassword: true, lastLoginAt: null,
};

// jsdom draws nothing: no 2D context, so the charts stay empty boxes (their tables are what this tests).
beforeAll(() => jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null));
beforeEach(() => act(() => setUser(agent)));
afterEach(() => {
  api.agentDashboard.mockReset();
  act(() => setUser(null));
});

const renderPage = () => renderWithApis(<MemoryRouter><Dashboard /></MemoryRouter>, { bets: api });

describe('Dashboard', () => {
  it('shows the key figures, each named, with the queue and its oldest age', async () => {
    api.agentDashboard.mockResolvedValue(board());
    renderPage();
    const figures = await screen.findByLabelText('Key figures');
    const value = (label: string) => within(figures).getByText(label).closest('div');
    expect(value('Turnover')).toHaveTextContent('Turnover₹13,500.003 bets');
    expect(value('GGR')).toHaveTextContent('GGR₹10,000.00');
    expect(value('Your share')).toHaveTextContent('Your share₹5,000.00');
    expect(value('Active players')).toHaveTextContent('Active players2of 7');
    expect(value('Open exposure')).toHaveTextContent('₹4,520.00');
    expect(value('Deposits waiting')).toHaveTextContent('Deposits waiting2oldest 2 h 5 min');
    expect(within(figures).getByRole('link', { name: 'Deposits waiting' })).toHaveAttribute('href', '/admin/depositstatement');
    expect(screen.getByText(/^Your downline, last 30 days/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Market analysis' })).toHaveAttribute('href', '/admin/market-analysis');
  });

  it('puts every chart\'s figures in a table behind it, newest day first', async () => {
    api.agentDashboard.mockResolvedValue(board());
    renderPage();
    const daily = await screen.findByRole('region', { name: 'Turnover, GGR and your share by day' });
    expect(within(daily).getByRole('img', { name: /^Turnover, GGR and your share per day from/ })).toBeInTheDocument();
    await userEvent.click(within(daily).getByText('Show the figures'));
    const table = within(daily).getByRole('table', { name: 'Turnover, GGR and your share by day' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(DASHBOARD_DAYS + 1);
    expect(rows[1]).toHaveTextContent(`${dayLabel(board().to)}13,500.00310,000.005,000.002`);
    const exposure = screen.getByRole('region', { name: 'Open exposure by match' });
    expect(within(exposure).getByRole('row', { name: /Reds v Blues/ })).toHaveTextContent('Reds v BluesSoccer24,520.00');
    const positions = screen.getByRole('table', { name: 'Largest positions' });
    expect(within(positions).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual(['p1Reds v Blues2,500.00', 'p2Reds v Blues2,020.00']);
    const casino = screen.getByRole('table', { name: 'Casino by game' });
    expect(within(casino).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual(['Dragon Tiger404,000.00-150.00', 'Aviator (international)3300.00120.00']);
  });

  it('counts in words that agree with the count: one bet, one match, one game; more of each', async () => {
    api.agentDashboard.mockResolvedValue(board({ totals: { ...board().totals, bets: 1 }, casino: board().casino.slice(0, 1) }));
    const { unmount } = renderPage();
    const figures = await screen.findByLabelText('Key figures');
    expect(within(figures).getByText('Turnover').closest('div')).toHaveTextContent(/₹13,500\.001 bet$/);
    expect(screen.getByRole('img', { name: 'Open exposure of the 1 match with the most, largest first' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'The house\'s result on 1 casino game over the last 30 days' })).toBeInTheDocument();
    unmount();

    const two = board().exposure.matches[0]!;
    api.agentDashboard.mockResolvedValue(board({ exposure: { ...board().exposure, matches: [two, { ...two, matchId: 'e2', matchName: 'Greens v Golds' }] } }));
    renderPage();
    expect(within(await screen.findByLabelText('Key figures')).getByText('Turnover').closest('div')).toHaveTextContent(/₹13,500\.003 bets$/);
    expect(screen.getByRole('img', { name: 'Open exposure of the 2 matches with the most, largest first' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'The house\'s result on 2 casino games over the last 30 days' })).toBeInTheDocument();
  });

  it('says so when nothing was played and nothing is open', async () => {
    api.agentDashboard.mockResolvedValue(board({
      days: days.map((d) => ({ ...d, turnover: 0, bets: 0, ggr: 0, ownShare: 0, activePlayers: 0 })),
      totals: { turnover: 0, bets: 0, ggr: 0, ownShare: 0, activePlayers: 0, players: 0 },
      exposure: { total: 0, matches: [], positions: [] },
      casino: [],
    }));
    renderPage();
    expect(await screen.findByText('No bets in your downline in the last 30 days.')).toBeInTheDocument();
    expect(screen.getByText('No open bets in your downline.')).toBeInTheDocument();
    expect(screen.getByText('No casino play in your downline in the last 30 days.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('the Super Admin reads it as the whole platform, split by site with all sites last', async () => {
    act(() => setUser({ ...agent, role: 'admin', roleLabel: 'Super Admin' }));
    const site = { turnover: 0, bets: 0, ggr: 0, ownShare: 0, activePlayers: 0, players: 0, exposure: 0, depositsWaiting: 0, withdrawalsWaiting: 0 };
    api.agentDashboard.mockResolvedValue(board({
      bySite: [
        { ...site, siteId: 'backlay', siteName: 'Backlay', turnover: 12_265.44, bets: 2, ggr: 10_150, ownShare: 5_100, activePlayers: 1, players: 4, exposure: 4_000, depositsWaiting: 2 },
        { ...site, siteId: 'sixer', siteName: 'Sixer Exchange', turnover: 1_234.56, bets: 1, ggr: -150, ownShare: -100, activePlayers: 1, players: 3, exposure: 520 },
      ],
    }));
    renderPage();
    expect(await screen.findByText(/^The whole platform, last 30 days/)).toBeInTheDocument();
    const region = screen.getByRole('region', { name: 'By site' });
    const table = within(region).getByRole('table', { name: /^Each site's figures, last 30 days/ });
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Site', 'Turnover', 'Bets', 'GGR', 'Your share', 'Active players', 'Players', 'Open exposure', 'Deposits waiting', 'Withdrawals waiting']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['Backlay', 'Sixer Exchange', 'All sites']);
    // Amounts in the Indian format of the rest of the page; a loss in the loss colour.
    expect(rows[0]).toHaveTextContent('Backlay12,265.44210,150.005,100.00144,000.0020');
    expect(rows[1]).toHaveTextContent('Sixer Exchange1,234.561-150.00-100.0013520.0000');
    expect(within(rows[1]!).getAllByRole('cell')[2]).toHaveClass('bl-pnl--neg');
    // All sites: the key figures.
    expect(rows[2]).toHaveTextContent('All sites13,500.00310,000.005,000.00274,520.0020');
  });

  it('no split when the answer has none (every agent but the Super Admin)', async () => {
    api.agentDashboard.mockResolvedValue(board());
    renderPage();
    await screen.findByLabelText('Key figures');
    expect(screen.queryByRole('region', { name: 'By site' })).toBeNull();
  });
});

describe('dashboard figures', () => {
  it('axis ticks in Indian units', () => {
    expect([950, 12_500, 340_000, 12_000_000, -2_500, 0].map(compactRupees)).toEqual(['₹950', '₹12.5K', '₹3.4L', '₹1.2Cr', '−₹2.5K', '₹0']);
  });

  it('chart labels cut to fit a phone', () => {
    expect(shortLabel('Reds v Blues')).toBe('Reds v Blues');
    expect(shortLabel('Liverpool Town v Arsenal Athletic')).toBe('Liverpool Town v…');
  });

  it('the oldest request\'s wait in words', () => {
    const now = Date.parse('2026-11-29T10:00:00Z');
    expect(waitedFor(null, now)).toBeNull();
    expect(waitedFor('2026-11-29T09:57:30Z', now)).toBe('2 min');
    expect(waitedFor('2026-11-29T07:55:00Z', now)).toBe('2 h 5 min');
    expect(waitedFor('2026-11-27T06:00:00Z', now)).toBe('2 d 4 h');
  });
});
