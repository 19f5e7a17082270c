import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import moment from 'moment';
import { type ProfitLossResponse, type ProfitLossRow } from '@backlay/shared';
import { fakeBets, fakeExports, renderWithApis, withMocks } from '@backlay/shared/testing';
import { ProfitLoss } from './ProfitLoss';

const api = withMocks(fakeBets, 'profitLoss');
const exportsApi = withMocks(fakeExports, 'csv');
const apis = { bets: api, exports: exportsApi };

const row = (key: string, over: Partial<ProfitLossRow> = {}): ProfitLossRow => ({
  key, sportId: 4, sportName: 'Cricket', matchId: 'e1', matchName: 'India v Australia', matchOpenDate: '2026-11-21T10:00:00Z', marketName: 'Match Odds', role: null,
  pnl: -100, commission: 0, net: -100, ownShare: 60, settledAt: '2026-11-21T12:00:00Z', ...over,
});

beforeEach(() => jest.resetAllMocks());

describe('ProfitLoss', () => {
  it("asks for the last 7 days by market and shows each market with the totals row", async () => {
    const res: ProfitLossResponse = {
      rows: [row('mo1'), row('f1', { marketName: '6 over runs', pnl: 1250.5, commission: 25, net: 1225.5, ownShare: -735.3 })],
      total: { pnl: 1150.5, commission: 25, net: 1125.5, ownShare: -675.3 },
    };
    api.profitLoss.mockResolvedValue(res);
    renderWithApis(<ProfitLoss />, apis);
    const table = await screen.findByRole('table', { name: 'Profit and loss' });
    const to = moment().format('YYYY-MM-DD');
    const from = moment().subtract(7, 'days').format('YYYY-MM-DD');
    expect(api.profitLoss).toHaveBeenCalledWith({ from, to, sportId: undefined, groupBy: 'market' });
    expect(screen.getByLabelText('From')).toHaveValue(from);
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Market', 'Match', 'Sport', 'Settled', "Players' P&L", 'Commission', 'Net', 'My share']);
    const fancy = within(table).getByRole('row', { name: /^6 over runs/ });
    expect(within(fancy).getByText('1,250.50')).toHaveAttribute('data-pnl', 'pos');
    expect(within(fancy).getByText('-735.30')).toHaveAttribute('data-pnl', 'neg');
    const total = within(table).getByRole('row', { name: /^Total/ });
    expect(within(total).getByTestId('total-pnl')).toHaveTextContent('1,150.50');
    expect(within(total).getByTestId('total-commission')).toHaveTextContent('25.00');
    expect(within(total).getByTestId('total-net')).toHaveTextContent('1,125.50');
    expect(within(total).getByTestId('total-share')).toHaveTextContent('-675.30');
    expect(within(total).getByTestId('total-share')).toHaveAttribute('data-pnl', 'neg');
  });

  it('sorts its whole list in the browser (money as numbers, both ways) and searches it; the totals stay the response\'s', async () => {
    api.profitLoss.mockResolvedValue({
      rows: [
        row('m1', { marketName: 'Match Odds', pnl: 9.5 }),
        row('m2', { marketName: 'Bookmaker', pnl: -1000, matchName: 'Chennai v Mumbai' }),
        row('m3', { marketName: '6 over runs', pnl: 100.25 }),
      ],
      total: { pnl: -890.25, commission: 0, net: -890.25, ownShare: 0 },
    });
    renderWithApis(<ProfitLoss />, apis);
    const table = await screen.findByRole('table', { name: 'Profit and loss' });
    const markets = () => within(table).getAllByRole('rowheader').map((c) => c.textContent);
    expect(markets()).toEqual(['Match Odds', 'Bookmaker', '6 over runs', 'Total']);
    await userEvent.click(within(table).getByRole('button', { name: "Players' P&L" }));
    expect(within(table).getByRole('columnheader', { name: "Players' P&L" })).toHaveAttribute('aria-sort', 'ascending');
    expect(markets()).toEqual(['Bookmaker', 'Match Odds', '6 over runs', 'Total']);
    await userEvent.click(within(table).getByRole('button', { name: "Players' P&L" }));
    expect(markets()).toEqual(['6 over runs', 'Match Odds', 'Bookmaker', 'Total']);
    await userEvent.click(within(table).getByRole('button', { name: 'Market' }));
    expect(markets()).toEqual(['6 over runs', 'Bookmaker', 'Match Odds', 'Total']);
    expect(api.profitLoss).toHaveBeenCalledTimes(1);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search markets or accounts' }), 'chennai');
    await waitFor(() => expect(markets()).toEqual(['Bookmaker', 'Total']));
    expect(within(table).getByTestId('total-pnl')).toHaveTextContent('-890.25');
    expect(api.profitLoss).toHaveBeenCalledTimes(1);
  });

  it('groups by child and filters by sport', async () => {
    api.profitLoss.mockResolvedValue({ rows: [row('demo-smdl', { role: 'smdl', marketName: null, matchName: null, settledAt: null })], total: { pnl: -100, commission: 0, net: -100, ownShare: 60 } });
    renderWithApis(<ProfitLoss />, apis);
    await screen.findByRole('table', { name: 'Profit and loss' });
    await userEvent.click(screen.getByRole('tab', { name: 'By child' }));
    await waitFor(() => expect(api.profitLoss).toHaveBeenLastCalledWith(expect.objectContaining({ groupBy: 'child' })));
    expect(screen.getByRole('tab', { name: 'By child' })).toHaveAttribute('aria-selected', 'true');
    const table = await screen.findByRole('table', { name: 'Profit and loss' });
    await waitFor(() => expect(within(table).getAllByRole('columnheader')[0]).toHaveTextContent('Account'));
    expect(within(table).getByRole('row', { name: /^demo-smdl/ })).toHaveTextContent('SMDL');
    await userEvent.selectOptions(screen.getByLabelText('Sport'), 'Soccer');
    await waitFor(() => expect(api.profitLoss).toHaveBeenLastCalledWith(expect.objectContaining({ sportId: 1, groupBy: 'child' })));
  });

  it('refuses a From after To without asking the server', async () => {
    api.profitLoss.mockResolvedValue({ rows: [], total: { pnl: 0, commission: 0, net: 0, ownShare: 0 } });
    renderWithApis(<ProfitLoss />, apis);
    expect(await screen.findByText('No settled markets in these dates.')).toBeInTheDocument();
    const calls = api.profitLoss.mock.calls.length;
    const from = screen.getByLabelText('From');
    await userEvent.clear(from);
    await userEvent.type(from, '2099-01-01');
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(api.profitLoss.mock.calls.length).toBe(calls);
  });
});

describe('ProfitLoss: Download CSV and Print', () => {
  it('asks for every row of the dates, sport and grouping on screen; Print names the grouping', async () => {
    api.profitLoss.mockResolvedValue({ rows: [row('mo1')], total: { pnl: -100, commission: 0, net: -100, ownShare: 60 } });
    exportsApi.csv.mockRejectedValue(new Error('not now'));
    renderWithApis(<ProfitLoss />, apis);
    await screen.findByRole('table', { name: 'Profit and loss' });
    await userEvent.click(screen.getByRole('tab', { name: 'By child' }));
    await waitFor(() => expect(api.profitLoss).toHaveBeenLastCalledWith(expect.objectContaining({ groupBy: 'child' })));
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    const to = moment().format('YYYY-MM-DD');
    const from = moment().subtract(7, 'days').format('YYYY-MM-DD');
    expect(exportsApi.csv).toHaveBeenCalledWith('profit-loss', { from, to, sportId: undefined, groupBy: 'child' });
    expect(screen.getByTestId('print-head')).toHaveTextContent('By child');
  });
});
