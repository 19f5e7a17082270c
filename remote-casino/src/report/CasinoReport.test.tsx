import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import moment from 'moment';
import { type CasinoReportResponse } from '@backlay/shared';
import { fakeCasino, fakeExports, renderWithApis, withMocks } from '@backlay/shared/testing';
import { CasinoReport } from './CasinoReport';

const api = withMocks(fakeCasino, 'report');
const exportsApi = withMocks(fakeExports, 'csv');
const apis = { casino: api, exports: exportsApi };

const REPORT: CasinoReportResponse = {
  rows: [
    { date: '2026-11-21', gameCode: 'dt20', title: 'Dragon Tiger 20-20', rounds: 3, bets: 4, stake: 400, pnl: 196 },
    { date: '2026-11-21', gameCode: 'backlay-studio:crash', title: 'Crash', rounds: 2, bets: 2, stake: 200, pnl: 15.5 },
    { date: '2026-11-20', gameCode: 'teen20', title: 'Teen Patti 20-20', rounds: 1, bets: 1, stake: 250.5, pnl: -250.5 },
  ],
  totals: { rounds: 6, bets: 7, stake: 850.5, pnl: -39 },
};

beforeEach(() => jest.resetAllMocks());

describe('CasinoReport', () => {
  it('asks for the last 7 days and shows a row per day and game (live tables and international games) with the totals', async () => {
    api.report.mockResolvedValue(REPORT);
    renderWithApis(<CasinoReport />, apis);
    const table = await screen.findByRole('table', { name: 'Casino report by day and game' });
    const to = moment().format('YYYY-MM-DD');
    const from = moment().subtract(7, 'days').format('YYYY-MM-DD');
    expect(api.report).toHaveBeenCalledWith({ from, to });
    expect(screen.getByLabelText('From')).toHaveValue(from);
    expect(screen.getByLabelText('To')).toHaveValue(to);
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Date', 'Game', 'Rounds', 'Bets', 'Stake', 'P&L']);
    const dt = within(table).getByRole('row', { name: /^21\/11\/2026 Dragon Tiger/ });
    expect(dt).toHaveTextContent('Dragon Tiger 20-2034400.00196.00');
    expect(within(dt).getByText('196.00')).toHaveAttribute('data-pnl', 'pos');
    // An international casino round (issue 19): the game's name, its rounds and P&L like a table's.
    const crash = within(table).getByRole('row', { name: /^21\/11\/2026 Crash/ });
    expect(crash).toHaveTextContent('Crash22200.0015.50');
    const teen = within(table).getByRole('row', { name: /^20\/11\/2026 Teen Patti/ });
    expect(within(teen).getByText('-250.50')).toHaveAttribute('data-pnl', 'neg');
    expect(screen.getByTestId('total-rounds')).toHaveTextContent('6');
    expect(screen.getByTestId('total-bets')).toHaveTextContent('7');
    expect(screen.getByTestId('total-stake')).toHaveTextContent('850.50');
    expect(screen.getByTestId('total-pnl')).toHaveTextContent('-39.00');
  });

  it('asks again for a new range and refuses From after To without asking', async () => {
    api.report.mockResolvedValue({ rows: [], totals: { rounds: 0, bets: 0, stake: 0, pnl: 0 } });
    renderWithApis(<CasinoReport />, apis);
    expect(await screen.findByText('No casino bets in these dates.')).toBeInTheDocument();
    const from = screen.getByLabelText('From');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-11-01');
    await waitFor(() => expect(api.report).toHaveBeenLastCalledWith(expect.objectContaining({ from: '2026-11-01' })));
    const calls = api.report.mock.calls.length;
    await userEvent.clear(from);
    await userEvent.type(from, '2099-01-01');
    expect(await screen.findByRole('alert')).toHaveTextContent('Start date must not be after end date');
    expect(api.report.mock.calls.length).toBe(calls);
  });
});

describe('CasinoReport: Download CSV and Print', () => {
  it('asks for the report of the dates on screen', async () => {
    api.report.mockResolvedValue(REPORT);
    exportsApi.csv.mockRejectedValue(new Error('not now'));
    renderWithApis(<CasinoReport />, apis);
    await screen.findByRole('table', { name: 'Casino report by day and game' });
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(exportsApi.csv).toHaveBeenCalledWith('casino-report', { from: moment().subtract(7, 'days').format('YYYY-MM-DD'), to: moment().format('YYYY-MM-DD') });
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
  });
});
