import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import moment from 'moment';
import { defaultDateRange } from '../ui/date-range';
import type { AccountStatementResponse, StatementRow } from '../contracts/clients';
import { sayStatement, sayStatementInEnglish, type StatementDescription } from '../contracts/statement-words';
import { setLanguage } from '../i18n';
import { AccountStatementView } from './account-statement-view';
import { fakeExports, fakeStatement, withMocks } from '../testing/fakes';
import { renderWithApis } from '../testing/render-with-apis';

const statementFake = withMocks(fakeStatement, 'accountStatement');
const apis = { statement: statementFake };

const statement = statementFake.accountStatement;

/** An entry in English, `description` as the screen shows it (its parts matter in Hindi only: see the test in Hindi). */
function entry(id: string, date: string, credit: number, debit: number, balance: number, description: string): StatementRow {
  const describe = { key: 'openingChips' as const };
  return { _id: id, date, code: credit > 0 ? 'CHIP_DEPOSIT' : 'CHIP_WITHDRAW', description, describe, remark: null, credit, debit, balance };
}

function response(over: Partial<AccountStatementResponse> = {}): AccountStatementResponse {
  return { username: 'alpha', openingBalance: 100, closingBalance: 1_100.5, rows: [], total: 0, page: 1, pageSize: 50, ...over };
}

beforeEach(() => statement.mockReset());

describe('AccountStatementView', () => {
  it('asks for the last 7 days by default and shows opening balance, entries and closing balance', async () => {
    const rows = [
      entry('1', '2026-11-02T09:05:07Z', 1_500.5, 0, 1_600.5, 'Chip deposit from root'),
      entry('2', '2026-11-03T18:30:00Z', 0, 500, 1_100.5, 'Chip withdrawal by root: weekly'),
    ];
    statement.mockResolvedValue(response({ rows, total: 2 }));
    renderWithApis(<AccountStatementView />, apis);
    const table = await screen.findByRole('table', { name: 'Account statement' });
    const { from, to } = defaultDateRange();
    expect(screen.getByLabelText('From')).toHaveValue(from);
    expect(screen.getByLabelText('To')).toHaveValue(to);
    expect(moment(to).diff(moment(from), 'days')).toBe(7);
    expect(statement).toHaveBeenCalledWith({
      username: undefined,
      startDate: moment(from, 'YYYY-MM-DD').startOf('day').toISOString(),
      endDate: moment(to, 'YYYY-MM-DD').endOf('day').toISOString(),
      page: 1,
      pageSize: 50,
    });
    const body = within(table).getAllByRole('row').map((r) => r.textContent);
    expect(body[1]).toBe('Opening Balance100.00');
    expect(body[2]).toBe(`${moment(rows[0].date).format('DD/MM/YYYY h:mm:ss A')}Chip deposit from root1,500.501,600.50`);
    expect(body[3]).toBe(`${moment(rows[1].date).format('DD/MM/YYYY h:mm:ss A')}Chip withdrawal by root: weekly500.001,100.50`);
    expect(body[4]).toBe('Closing Balance1,100.50');
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Account Statement' })).toBeInTheDocument();
  });

  it("says each entry's description in Hindi from its parts; names, markets, games and amounts as sent", async () => {
    const described = (id: string, describe: StatementDescription): StatementRow => ({
      ...entry(id, '2026-11-02T09:05:07Z', 10, 0, 110, sayStatement(describe, sayStatementInEnglish)),
      describe,
    });
    const reversal: StatementDescription = {
      key: 'withRemark',
      values: { text: { key: 'reversal', values: { entry: { key: 'chipDepositFrom', values: { name: 'demo-dl' } } } }, remark: 'typo' },
    };
    const casino: StatementDescription = { key: 'casinoRound', values: { game: 'Crash', round: '3', move: { key: 'won', values: { amount: '₹131' } } } };
    const settled: StatementDescription = { key: 'wonOn', values: { market: 'Match Odds · India v Australia' } };
    const rows = [described('1', reversal), described('2', casino), described('3', settled)];
    // The English is the API's (statement-rules.test.ts): a reversal's entry in lower case, the remark after " - ".
    expect(rows.map((r) => r.description)).toEqual(['Reversal of chip deposit from demo-dl - typo', 'Crash · round 3 · won ₹131', 'Won on Match Odds · India v Australia']);
    statement.mockResolvedValue(response({ rows, total: 3 }));
    await act(() => setLanguage('hi'));
    try {
      renderWithApis(<AccountStatementView />, apis);
      const table = await screen.findByRole('table');
      const cells = within(table).getAllByRole('row').slice(2, 5).map((r) => within(r).getAllByRole('cell')[1].textContent);
      expect(cells).toEqual(['उलटी गई प्रविष्टि: demo-dl से चिप्स जमा - typo', 'Crash · राउंड 3 · ₹131 जीते', 'Match Odds · India v Australia पर जीत']);
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  it("says 'No records found' between the opening and closing balance when the range is empty", async () => {
    statement.mockResolvedValue(response({ openingBalance: 250, closingBalance: 250 }));
    renderWithApis(<AccountStatementView username="alpha" />, apis);
    expect(await screen.findByText('No records found')).toBeInTheDocument();
    expect(screen.getByTestId('opening-balance')).toHaveTextContent('250.00');
    expect(screen.getByTestId('closing-balance')).toHaveTextContent('250.00');
    expect(statement).toHaveBeenCalledWith(expect.objectContaining({ username: 'alpha' }));
    expect(screen.getByRole('heading', { name: 'Account Statement: alpha' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Statement pages' })).not.toBeInTheDocument();
  });

  it('pages: the opening line on the first page, the closing line on the last', async () => {
    statement.mockImplementation(async (q) =>
      response({ page: q.page, total: 120, rows: [entry(`r${q.page}`, '2026-11-02T09:05:07Z', 1, 0, 101, `entry on page ${q.page}`)] }),
    );
    renderWithApis(<AccountStatementView />, apis);
    await screen.findByText('entry on page 1');
    expect(screen.getByTestId('opening-balance')).toBeInTheDocument();
    expect(screen.queryByTestId('closing-balance')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('entry on page 2');
    expect(screen.queryByTestId('opening-balance')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('entry on page 3');
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByTestId('closing-balance')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('reloads from page 1 for new dates and refuses a From after the To', async () => {
    statement.mockResolvedValue(response());
    renderWithApis(<AccountStatementView />, apis);
    await screen.findByText('No records found');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-10-01' } });
    await waitFor(() => expect(statement).toHaveBeenLastCalledWith(expect.objectContaining({ startDate: moment('2026-10-01').startOf('day').toISOString(), page: 1 })));
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-09-01' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Start date must not be after end date');
    expect(statement).toHaveBeenCalledTimes(2);
  });

  it('shows the server message when the statement cannot be loaded', async () => {
    statement.mockRejectedValue(Object.assign(new Error('You are not allowed to do this'), { silent: false }));
    renderWithApis(<AccountStatementView username="stranger" />, apis);
    expect(await screen.findByText('The statement could not be loaded: You are not allowed to do this')).toBeInTheDocument();
  });

  it('downloads the CSV of the same account and dates (every page: no paging), and offers Print', async () => {
    statement.mockResolvedValue(response());
    const exportsFake = withMocks(fakeExports, 'csv');
    exportsFake.csv.mockRejectedValue(new Error('stop here'));
    renderWithApis(<AccountStatementView username="alpha" />, { ...apis, exports: exportsFake });
    await screen.findByText('No records found');
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    const { from, to } = defaultDateRange();
    await waitFor(() =>
      expect(exportsFake.csv).toHaveBeenCalledWith('account-statement', {
        username: 'alpha',
        startDate: moment(from, 'YYYY-MM-DD').startOf('day').toISOString(),
        endDate: moment(to, 'YYYY-MM-DD').endOf('day').toISOString(),
      }),
    );
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2000-01-01' } });
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  });
});
