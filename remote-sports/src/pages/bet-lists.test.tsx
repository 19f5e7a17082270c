import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import moment from 'moment';
import { ApiError, BET_LIST_PAGE_SIZE, publish, type BetPage, type BetRow, type ProfitLossResponse } from '@backlay/shared';
import { fakeBets, fakeExports, fakeSports, renderWithApis, withMocks } from '@backlay/shared/testing';
import { BetHistory } from './BetHistory';
import { ProfitLoss } from './ProfitLoss';
import { UnsettledBets } from './UnsettledBets';

const bets = withMocks(fakeBets, 'unsettledBets', 'betHistory', 'profitLoss');
const sports = withMocks(fakeSports, 'sportList');
const exportsApi = withMocks(fakeExports, 'csv');
const apis = { sports, bets, exports: exportsApi };

function row(over: Partial<BetRow>): BetRow {
  return {
    betId: 'b', matchId: 'm1', marketId: 'mo', marketType: 'match_odds', selectionId: 'a', side: 'BACK', odds: 1.85, run: null, stake: 500, status: 'open', createdAt: '2026-11-21T10:05:00Z',
    username: 'demo-user', sportId: 4, matchName: 'India v Australia', matchOpenDate: '2026-11-21T10:00:00Z', marketName: 'Match Odds', selectionName: 'India', clothNumber: null, pnl: null, settledAt: null, voidReason: null, ...over,
  };
}

const page = (rows: BetRow[], p = 1, total = rows.length): BetPage<BetRow> => ({ rows, page: p, pageSize: BET_LIST_PAGE_SIZE, total });
const today = moment().format('YYYY-MM-DD');
const weekAgo = moment().subtract(7, 'days').format('YYYY-MM-DD');

beforeEach(() => {
  jest.resetAllMocks();
  sports.sportList.mockResolvedValue([{ sportId: 4, name: 'Cricket' }, { sportId: 1, name: 'Soccer' }]);
});

describe('UnsettledBets', () => {
  it('lists the open bets with side colours, pages through them and filters by sport', async () => {
    bets.unsettledBets.mockImplementation(async (q) =>
      q.page === 2 ? page([row({ betId: 'p2', selectionName: 'Over 45.5', side: 'LAY' })], 2, 26) : page([row({ betId: 'b1' }), row({ betId: 'b2', marketType: 'fancy', side: 'NO', odds: 110, run: 45, selectionName: '6 over runs', marketName: 'Fancy' })], 1, 26),
    );
    renderWithApis(<UnsettledBets />, apis);
    const table = await screen.findByRole('table', { name: 'Unsettled bets' });
    expect(bets.unsettledBets).toHaveBeenLastCalledWith({ sportId: undefined, page: 1, pageSize: BET_LIST_PAGE_SIZE });
    const [first, fancy] = within(table).getAllByRole('row').slice(1);
    expect(first).toHaveClass('bl-bet--back');
    expect(first).toHaveTextContent(/India v Australia.*Match Odds.*India.*Back.*1\.85.*500\.00/);
    expect(fancy).toHaveClass('bl-bet--lay');
    expect(fancy).toHaveTextContent(/6 over runs.*No.*45 \/ 110/);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Over 45.5')).toBeInTheDocument();
    expect(bets.unsettledBets).toHaveBeenLastCalledWith({ sportId: undefined, page: 2, pageSize: BET_LIST_PAGE_SIZE });
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();

    await screen.findByRole('option', { name: 'Soccer' });
    await userEvent.selectOptions(screen.getByLabelText('Sport'), 'Soccer');
    await waitFor(() => expect(bets.unsettledBets).toHaveBeenLastCalledWith({ sportId: 1, page: 1, pageSize: BET_LIST_PAGE_SIZE }));
  });

  it('reloads when the wallet moves, and says so when nothing is open', async () => {
    bets.unsettledBets.mockResolvedValue(page([]));
    renderWithApis(<UnsettledBets />, apis);
    expect(await screen.findByText('No records found')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Unsettled bets pages' })).not.toBeInTheDocument();
    act(() => publish('wallet.balanceChanged', { balance: 1, exposer: 0 }));
    await waitFor(() => expect(bets.unsettledBets).toHaveBeenCalledTimes(2));
  });

  it('shows the server\'s refusal', async () => {
    bets.unsettledBets.mockRejectedValue(new ApiError('Not allowed', 403, 'FORBIDDEN'));
    renderWithApis(<UnsettledBets />, apis);
    expect(await screen.findByText('Your bets could not be loaded: Not allowed')).toBeInTheDocument();
  });
});

describe('BetHistory', () => {
  it('asks for the last 7 days by default, shows P&L and voided bets struck through, and filters by status, sport and dates', async () => {
    bets.betHistory.mockResolvedValue(
      page([
        row({ betId: 's', status: 'settled', pnl: 425, settledAt: '2026-11-21T12:00:00Z' }),
        row({ betId: 'l', status: 'settled', side: 'LAY', pnl: -500, settledAt: '2026-11-21T12:00:00Z' }),
        row({ betId: 'v', status: 'voided', pnl: 0, voidReason: 'Deleted by admin' }),
      ]),
    );
    renderWithApis(<BetHistory />, apis);
    expect(screen.getByLabelText('From')).toHaveValue(weekAgo);
    expect(screen.getByLabelText('To')).toHaveValue(today);
    const table = await screen.findByRole('table', { name: 'Bet history' });
    expect(bets.betHistory).toHaveBeenLastCalledWith({ from: weekAgo, to: today, sportId: undefined, status: 'all', search: undefined, sort: undefined, order: undefined, page: 1, pageSize: BET_LIST_PAGE_SIZE });
    const [won, lost, voided] = within(table).getAllByRole('row').slice(1);
    expect(within(won).getByText('425.00')).toHaveAttribute('data-pnl', 'pos');
    expect(within(won).getByText('Settled')).toBeInTheDocument();
    expect(within(lost).getByText('-500.00')).toHaveAttribute('data-pnl', 'neg');
    expect(voided).toHaveClass('bl-bet--void');
    expect(within(voided).getByText('Void')).toBeInTheDocument();
    expect(within(voided).getByText('Deleted by admin', { exact: false })).toBeInTheDocument();
    expect(within(voided).getByRole('rowheader', { name: 'India' })).toHaveClass('bl-bet__struck');

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Void');
    await waitFor(() => expect(bets.betHistory).toHaveBeenLastCalledWith(expect.objectContaining({ status: 'voided', page: 1 })));
    await screen.findByRole('option', { name: 'Cricket' });
    await userEvent.selectOptions(screen.getByLabelText('Sport'), 'Cricket');
    await waitFor(() => expect(bets.betHistory).toHaveBeenLastCalledWith(expect.objectContaining({ sportId: 4, status: 'voided' })));
    await userEvent.clear(screen.getByLabelText('From'));
    await userEvent.type(screen.getByLabelText('From'), '2026-01-05');
    await waitFor(() => expect(bets.betHistory).toHaveBeenLastCalledWith(expect.objectContaining({ from: '2026-01-05', to: today })));
  });

  it('refuses a From after To without asking the API', async () => {
    bets.betHistory.mockResolvedValue(page([]));
    renderWithApis(<BetHistory />, apis);
    await screen.findByRole('table', { name: 'Bet history' });
    const calls = bets.betHistory.mock.calls.length;
    await userEvent.clear(screen.getByLabelText('From'));
    await userEvent.type(screen.getByLabelText('From'), '2999-01-01');
    expect(screen.getByRole('alert')).toHaveTextContent('Start date must not be after end date');
    expect(screen.queryByRole('table', { name: 'Bet history' })).not.toBeInTheDocument();
    expect(bets.betHistory).toHaveBeenCalledTimes(calls);
  });

  it('asks the server for the order chosen and a search of match and market names, from the first page', async () => {
    bets.betHistory.mockImplementation(async (q) => page([row({ betId: `p${q.page}`, status: 'settled', pnl: 1, selectionName: `Bet of page ${q.page}` })], q.page ?? 1, 60));
    renderWithApis(<BetHistory />, apis);
    await screen.findByText('Bet of page 1');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Bet of page 2');
    await userEvent.selectOptions(screen.getByLabelText('Order'), 'pnl-worst');
    await waitFor(() => expect(bets.betHistory).toHaveBeenLastCalledWith(expect.objectContaining({ sort: 'pnl', order: 'asc', page: 1 })));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search matches or markets' }), 'india');
    await waitFor(() => expect(bets.betHistory).toHaveBeenLastCalledWith(expect.objectContaining({ search: 'india', sort: 'pnl', order: 'asc', page: 1 })));
    exportsApi.csv.mockRejectedValue(new Error('not now'));
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(exportsApi.csv).toHaveBeenCalledWith('bet-history', { from: weekAgo, to: today, sportId: undefined, status: 'all', search: 'india', sort: 'pnl', order: 'asc' });
  });

  it('pages', async () => {
    bets.betHistory.mockImplementation(async (q) => page([row({ betId: `p${q.page}`, status: 'settled', pnl: 1, selectionName: `Bet of page ${q.page}` })], q.page ?? 1, 60));
    renderWithApis(<BetHistory />, apis);
    expect(await screen.findByText('Bet of page 1')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Bet of page 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
  });
});

describe('ProfitLoss', () => {
  const result: ProfitLossResponse = {
    rows: [
      { key: 'mo', sportId: 4, sportName: 'Cricket', matchId: 'm1', matchName: 'India v Australia', matchOpenDate: '2026-11-21T10:00:00Z', marketName: 'Match Odds', role: null, pnl: 1500, commission: 30, net: 1470, ownShare: null, settledAt: '2026-11-21T12:00:00Z' },
      { key: 'f1', sportId: 4, sportName: 'Cricket', matchId: 'm1', matchName: 'India v Australia', matchOpenDate: '2026-11-21T10:00:00Z', marketName: '6 over runs', role: null, pnl: -1100, commission: 0, net: -1100, ownShare: null, settledAt: '2026-11-21T11:00:00Z' },
    ],
    total: { pnl: 400, commission: 30, net: 370, ownShare: null },
  };

  it('shows the result per market with the total, for the last 7 days and the chosen sport', async () => {
    bets.profitLoss.mockResolvedValue(result);
    renderWithApis(<ProfitLoss />, apis);
    const table = await screen.findByRole('table', { name: 'Profit and loss by market' });
    expect(bets.profitLoss).toHaveBeenLastCalledWith({ from: weekAgo, to: today, sportId: undefined, groupBy: 'market' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/Cricket.*India v Australia.*Match Odds.*1,500\.00.*30\.00.*1,470\.00/);
    expect(within(rows[2]).getAllByText('-1,100.00')[0]).toHaveAttribute('data-pnl', 'neg');
    expect(screen.getByTestId('pl-total-net')).toHaveTextContent('370.00');
    expect(rows[rows.length - 1]).toHaveTextContent(/Total.*400\.00.*30\.00.*370\.00/);
    await screen.findByRole('option', { name: 'Cricket' });
    await userEvent.selectOptions(screen.getByLabelText('Sport'), 'Cricket');
    await waitFor(() => expect(bets.profitLoss).toHaveBeenLastCalledWith(expect.objectContaining({ sportId: 4 })));
  });

  it('says so when nothing settled in the range', async () => {
    bets.profitLoss.mockResolvedValue({ rows: [], total: { pnl: 0, commission: 0, net: 0, ownShare: null } });
    renderWithApis(<ProfitLoss />, apis);
    expect(await screen.findByText('No records found')).toBeInTheDocument();
  });
});

describe('races in the bet lists', () => {
  const off = new Date(2026, 10, 28, 14, 5).toISOString();
  const race = { sportId: 4339, matchName: 'Sheffield · A4 480m', matchOpenDate: off, marketName: 'Place', selectionName: 'Swift Lad', clothNumber: 3 };

  it('names a race with its off time and a runner with its race-card number', async () => {
    bets.unsettledBets.mockResolvedValue(page([row({ betId: 'r1', ...race })]));
    renderWithApis(<UnsettledBets />, apis);
    const table = await screen.findByRole('table', { name: 'Unsettled bets' });
    const bet = within(table).getAllByRole('row')[1];
    expect(bet).toHaveTextContent('Sheffield · A4 480m · 14:05 28/11');
    expect(within(bet).getByRole('rowheader')).toHaveTextContent('3. Swift Lad');
  });

  it('names a race with its off time in the profit and loss', async () => {
    bets.profitLoss.mockResolvedValue({
      rows: [{ key: 'pl', sportId: 4339, sportName: 'Greyhound Racing', matchId: 'r', matchName: 'Sheffield · A4 480m', matchOpenDate: off, marketName: 'Place', role: null, pnl: 50, commission: 0, net: 50, ownShare: null, settledAt: off }],
      total: { pnl: 50, commission: 0, net: 50, ownShare: null },
    });
    renderWithApis(<ProfitLoss />, apis);
    const table = await screen.findByRole('table', { name: 'Profit and loss by market' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Sheffield · A4 480m · 14:05 28/11');
  });
});

describe("the player's bet lists: Download CSV and Print", () => {
  beforeEach(() => exportsApi.csv.mockRejectedValue(new Error('not now')));

  it('Bet history asks for every bet of the dates, sport and status on screen', async () => {
    bets.betHistory.mockResolvedValue(page([]));
    renderWithApis(<BetHistory />, apis);
    await userEvent.selectOptions(await screen.findByLabelText('Status'), 'Void');
    await waitFor(() => expect(bets.betHistory).toHaveBeenLastCalledWith(expect.objectContaining({ status: 'voided' })));
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(exportsApi.csv).toHaveBeenCalledWith('bet-history', { from: weekAgo, to: today, sportId: undefined, status: 'voided', search: undefined, sort: undefined, order: undefined });
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
  });

  it('Unsettled bets and Profit & Loss ask for their own reports with the sport on screen', async () => {
    bets.unsettledBets.mockResolvedValue(page([]));
    const { unmount } = renderWithApis(<UnsettledBets />, apis);
    await userEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
    expect(exportsApi.csv).toHaveBeenLastCalledWith('unsettled-bets', { sportId: undefined });
    unmount();
    bets.profitLoss.mockResolvedValue({ rows: [], total: { pnl: 0, commission: 0, net: 0, ownShare: null } });
    renderWithApis(<ProfitLoss />, apis);
    await screen.findByText('No records found');
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(exportsApi.csv).toHaveBeenLastCalledWith('profit-loss', { from: weekAgo, to: today, sportId: undefined, groupBy: 'market' });
  });
});
