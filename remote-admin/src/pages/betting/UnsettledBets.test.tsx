import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { type BetPage, type BetRow } from '@backlay/shared';
import { SEARCH_DEBOUNCE_MS } from '@backlay/shared/sortable';
import { fakeBets, fakeExports, renderWithApis, withMocks } from '@backlay/shared/testing';
import { UnsettledBets } from './UnsettledBets';
import { buildBet } from './test-builders';

const api = withMocks(fakeBets, 'unsettledBets');
const exportsApi = withMocks(fakeExports, 'csv');
const apis = { bets: api, exports: exportsApi };

const pageOf = (rows: BetRow[], over: Partial<BetPage<BetRow>> = {}): BetPage<BetRow> => ({ rows, page: 1, pageSize: 25, total: rows.length, ...over });

function renderAt(path: string) {
  return renderWithApis(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/unsettledbet" element={<UnsettledBets />} />
        <Route path="/admin/unsettledbet/:type" element={<UnsettledBets />} />
      </Routes>
    </MemoryRouter>,
    apis,
  );
}

beforeEach(() => jest.resetAllMocks());

describe('UnsettledBets', () => {
  it('shows the matched bets at the plain path with every column', async () => {
    api.unsettledBets.mockResolvedValue(
      pageOf([
        buildBet('b1'),
        buildBet('b2', { username: 'player2', marketType: 'fancy', marketId: 'f1', marketName: '6 over runs', selectionName: '6 over runs', side: 'YES', odds: 110, run: 46, stake: 250.5 }),
      ]),
    );
    renderAt('/admin/unsettledbet');
    const table = await screen.findByRole('table', { name: 'Matched bets' });
    expect(api.unsettledBets).toHaveBeenCalledWith({ type: 'matched', sportId: undefined, page: 1, pageSize: 25 });
    expect(screen.getByRole('link', { name: 'Matched' })).toHaveAttribute('aria-current', 'page');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['User', 'Match', 'Market', 'Selection', 'Side', 'Odds / run', 'Stake', 'Placed at']);
    const fancy = within(table).getByRole('row', { name: /^player2/ });
    expect(within(fancy).getAllByRole('cell').map((c) => c.textContent)).toEqual(['India v Australia', '6 over runs', '6 over runs', 'Yes', '46 / 110', '250.50', expect.stringMatching(/^21\/11\/2026 \d{1,2}:00:00 [AP]M$/)]);
    expect(within(table).getByRole('row', { name: /^demo-user/ })).toHaveTextContent('Back');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it("marks a cash out's hedge bet 'Cash out' (ADR 0056)", async () => {
    api.unsettledBets.mockResolvedValue(pageOf([buildBet('b1', { side: 'LAY', cashOut: true }), buildBet('b2', { username: 'player2' })]));
    renderAt('/admin/unsettledbet');
    const table = await screen.findByRole('table', { name: 'Matched bets' });
    expect(within(table).getByRole('row', { name: /^demo-user/ })).toHaveTextContent('Cash out');
    expect(within(table).getByRole('row', { name: /^player2/ })).not.toHaveTextContent('Cash out');
  });

  it('shows the deleted bets with their reason on the Deleted tab', async () => {
    api.unsettledBets.mockResolvedValue(pageOf([buildBet('b3', { status: 'voided', voidReason: 'Deleted by demo-admin: palpable error' })]));
    renderAt('/admin/unsettledbet/deleted');
    const table = await screen.findByRole('table', { name: 'Deleted bets' });
    expect(api.unsettledBets).toHaveBeenCalledWith({ type: 'deleted', sportId: undefined, page: 1, pageSize: 25 });
    expect(screen.getByRole('link', { name: 'Deleted' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Matched' })).toHaveAttribute('href', '/admin/unsettledbet/matched');
    expect(within(table).getByRole('columnheader', { name: 'Reason' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /^demo-user/ })).toHaveTextContent('Deleted by demo-admin: palpable error');
  });

  it('filters by sport from page 1 and pages with Next', async () => {
    api.unsettledBets.mockImplementation(async (q) => pageOf([buildBet(`b${q.page}`)], { total: 60, page: q.page ?? 1 }));
    renderAt('/admin/unsettledbet/matched');
    await screen.findByText('Page 1 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');
    expect(api.unsettledBets).toHaveBeenLastCalledWith({ type: 'matched', sportId: undefined, page: 2, pageSize: 25 });
    await userEvent.selectOptions(screen.getByLabelText('Sport'), 'Cricket');
    await waitFor(() => expect(api.unsettledBets).toHaveBeenLastCalledWith({ type: 'matched', sportId: 4, page: 1, pageSize: 25 }));
  });

  it('says when there is nothing to show', async () => {
    api.unsettledBets.mockResolvedValue(pageOf([]));
    renderAt('/admin/unsettledbet/deleted');
    expect(await screen.findByText('No deleted bets.')).toBeInTheDocument();
  });

  it('sorts on the server: a header sends sort and order from page 1, says so in aria-sort and shows the rows as they come', async () => {
    api.unsettledBets.mockImplementation(async (q) =>
      pageOf(q.sort === 'stake' && q.order === 'desc' ? [buildBet('big', { username: 'whale', stake: 900 }), buildBet('small', { stake: 10 })] : [buildBet('small', { stake: 10 }), buildBet('big', { username: 'whale', stake: 900 })], { total: 60, page: q.page ?? 1 }),
    );
    renderAt('/admin/unsettledbet/matched');
    await screen.findByText('Page 1 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');
    const table = screen.getByRole('table', { name: 'Matched bets' });
    const stake = within(table).getByRole('columnheader', { name: 'Stake' });
    expect(stake).toHaveAttribute('aria-sort', 'none');
    await userEvent.click(within(stake).getByRole('button', { name: 'Stake' }));
    await waitFor(() => expect(api.unsettledBets).toHaveBeenLastCalledWith({ type: 'matched', sportId: undefined, search: undefined, sort: 'stake', order: 'asc', page: 1, pageSize: 25 }));
    await screen.findByText('Page 1 of 3');
    expect(within(screen.getByRole('table', { name: 'Matched bets' })).getByRole('columnheader', { name: 'Stake' })).toHaveAttribute('aria-sort', 'ascending');
    // From the keyboard: the same header turns the order round; the rows are the server's.
    screen.getByRole('button', { name: 'Stake' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(api.unsettledBets).toHaveBeenLastCalledWith(expect.objectContaining({ sort: 'stake', order: 'desc', page: 1 })));
    const names = () => within(screen.getByRole('table', { name: 'Matched bets' })).getAllByRole('rowheader').map((c) => c.textContent);
    await waitFor(() => expect(names()).toEqual(['whale', 'demo-user']));
    expect(screen.getByRole('columnheader', { name: 'Stake' })).toHaveAttribute('aria-sort', 'descending');
    // Every bet column sorts; the reason (deleted list) and actions do not exist here.
    expect(within(screen.getByRole('table', { name: 'Matched bets' })).getAllByRole('columnheader').map((h) => within(h).queryByRole('button') !== null)).toEqual([true, true, true, true, true, true, true, true]);
  });

  it('searches a username, match or market on the server from page 1, once per word, and says when nothing matches', async () => {
    api.unsettledBets.mockImplementation(async (q) => (q.search === 'nobody' ? pageOf([]) : pageOf([buildBet(`b${q.page}`)], { total: 60, page: q.page ?? 1 })));
    renderAt('/admin/unsettledbet/deleted');
    await screen.findByText('Page 1 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');
    const calls = api.unsettledBets.mock.calls.length;
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search bets' }), 'nobody');
    await waitFor(() => expect(api.unsettledBets).toHaveBeenLastCalledWith({ type: 'deleted', sportId: undefined, search: 'nobody', sort: undefined, order: undefined, page: 1, pageSize: 25 }), { timeout: SEARCH_DEBOUNCE_MS * 4 });
    expect(api.unsettledBets.mock.calls.length).toBe(calls + 1);
    expect(await screen.findByText('No bets match the search.')).toBeInTheDocument();
  });
});

describe('UnsettledBets: Download CSV and Print', () => {
  it('asks for every bet of the list on screen (deleted here) and its sport', async () => {
    api.unsettledBets.mockResolvedValue(pageOf([buildBet('b1')]));
    exportsApi.csv.mockRejectedValue(new Error('not now'));
    renderAt('/admin/unsettledbet/deleted');
    await screen.findByRole('table', { name: 'Deleted bets' });
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(exportsApi.csv).toHaveBeenCalledWith('unsettled-bets', { type: 'deleted', sportId: undefined, search: undefined, sort: undefined, order: undefined });
    expect(screen.getByTestId('print-head')).toHaveTextContent('Unsettled bets: Deleted bets');
  });
});
