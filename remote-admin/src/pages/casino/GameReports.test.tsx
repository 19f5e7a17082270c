import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import moment from 'moment';
import { type CasinoGameReportRow } from '@backlay/shared';
import { fakeCasino, fakeExports, renderWithApis, withMocks } from '@backlay/shared/testing';
import { GameReports, byTable, sortGroups } from './GameReports';

const api = withMocks(fakeCasino, 'gameReports');
const exportsApi = withMocks(fakeExports, 'csv');
const apis = { casino: api, exports: exportsApi };

const row = (gameCode: string, child: string, over: Partial<CasinoGameReportRow> = {}): CasinoGameReportRow => ({
  gameCode, title: gameCode === 'dt20' ? 'Dragon Tiger 20-20' : 'Teen Patti 20-20', childId: `u-${child}`, childUsername: child, bets: 2, stake: 200, pnl: -100, ...over,
});

const ROWS = [row('dt20', 'demo-smdl', { stake: 0.1, pnl: 0.1 }), row('teen20', 'demo-smdl'), row('dt20', 'other-smdl', { stake: 0.2, pnl: -0.3 })];

beforeEach(() => jest.resetAllMocks());

describe('byTable', () => {
  it('groups the rows by table in the API\'s order, with subtotals in whole paise', () => {
    expect(byTable(ROWS).map((g) => [g.gameCode, g.rows.map((r) => r.childUsername), g.bets, g.stake, g.pnl])).toEqual([
      ['dt20', ['demo-smdl', 'other-smdl'], 4, 0.3, -0.2],
      ['teen20', ['demo-smdl'], 2, 200, -100],
    ]);
  });
});

describe('sortGroups', () => {
  const groups = byTable([...ROWS, row('teen20', 'a-player', { stake: 500, pnl: 50 })]);
  const shape = (sorted: ReturnType<typeof sortGroups>) => sorted.map((g) => [g.gameCode, ...g.rows.map((r) => r.childUsername)]);
  it('orders the tables by their subtotals and the children within each table by the same column', () => {
    expect(shape(sortGroups(groups, { key: 'stake', order: 'desc' }))).toEqual([
      ['teen20', 'a-player', 'demo-smdl'],
      ['dt20', 'other-smdl', 'demo-smdl'],
    ]);
    expect(shape(sortGroups(groups, { key: 'stake', order: 'asc' }))).toEqual([
      ['dt20', 'demo-smdl', 'other-smdl'],
      ['teen20', 'demo-smdl', 'a-player'],
    ]);
    // Text: tables by title, children by username; without a sort, the API's order.
    expect(shape(sortGroups(groups, { key: 'name', order: 'desc' }))).toEqual([
      ['teen20', 'demo-smdl', 'a-player'],
      ['dt20', 'other-smdl', 'demo-smdl'],
    ]);
    expect(sortGroups(groups, null)).toBe(groups);
  });
});

describe('GameReports', () => {
  it('sorts the tables by their subtotals from a header, each subtotal still heading its own children', async () => {
    api.gameReports.mockResolvedValue({ rows: ROWS, totals: { bets: 6, stake: 200.3, pnl: -100.2 } });
    renderWithApis(
      <MemoryRouter>
        <GameReports />
      </MemoryRouter>,
      apis,
    );
    const table = await screen.findByRole('table', { name: 'Casino P&L by table and child' });
    const pnl = within(table).getByRole('columnheader', { name: "Players' P&L" });
    await userEvent.click(within(pnl).getByRole('button', { name: "Players' P&L" }));
    expect(pnl).toHaveAttribute('aria-sort', 'ascending');
    expect(within(table).getAllByRole('row').map((r) => r.textContent).slice(1)).toEqual([
      'Teen Patti 20-202200.00-100.00',
      'demo-smdl2200.00-100.00',
      'Dragon Tiger 20-2040.30-0.20',
      'other-smdl20.20-0.30',
      'demo-smdl20.100.10',
      'Total6200.30-100.20',
    ]);
  });

  it('asks for the last 7 days and shows each table with its children and the totals', async () => {
    api.gameReports.mockResolvedValue({ rows: ROWS, totals: { bets: 6, stake: 200.3, pnl: -100.2 } });
    renderWithApis(
      <MemoryRouter>
        <GameReports />
      </MemoryRouter>,
      apis,
    );
    const table = await screen.findByRole('table', { name: 'Casino P&L by table and child' });
    expect(api.gameReports).toHaveBeenCalledWith({ from: moment().subtract(7, 'days').format('YYYY-MM-DD'), to: moment().format('YYYY-MM-DD') });
    expect(within(table).getByRole('link', { name: 'Dragon Tiger 20-20' })).toHaveAttribute('href', '/admin/casino/dt20');
    const rows = within(table).getAllByRole('row').map((r) => r.textContent);
    expect(rows).toEqual([
      "Table / childBetsStakePlayers' P&L",
      'Dragon Tiger 20-2040.30-0.20',
      'demo-smdl20.100.10',
      'other-smdl20.20-0.30',
      'Teen Patti 20-202200.00-100.00',
      'demo-smdl2200.00-100.00',
      'Total6200.30-100.20',
    ]);
    expect(screen.getByTestId('total-pnl')).toHaveAttribute('data-pnl', 'neg');
  });
});

describe('GameReports: Download CSV and Print', () => {
  it('asks for the report of the dates on screen', async () => {
    api.gameReports.mockResolvedValue({ rows: ROWS, totals: { bets: 6, stake: 200.3, pnl: -100.2 } });
    exportsApi.csv.mockRejectedValue(new Error('not now'));
    renderWithApis(
      <MemoryRouter>
        <GameReports />
      </MemoryRouter>,
      apis,
    );
    await screen.findByRole('table', { name: 'Casino P&L by table and child' });
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(exportsApi.csv).toHaveBeenCalledWith('game-reports', { from: moment().subtract(7, 'days').format('YYYY-MM-DD'), to: moment().format('YYYY-MM-DD') });
    expect(await screen.findByRole('alert')).toHaveTextContent('The CSV could not be downloaded: not now');
  });
});
