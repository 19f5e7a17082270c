import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { BehaviorSubject } from 'rxjs';
import { initialMatchState, on, setUser, type BetPage, type BetRow, type ChildBookRow, type MatchState, type Role, type UserInfo } from '@backlay/shared';
import { SEARCH_DEBOUNCE_MS } from '@backlay/shared/sortable';
import { buildFancy, buildMarket, fakeBets, fakeMarketData, fakeSports, renderWithApis, withMocks } from '@backlay/shared/testing';
import { AgentOdds } from './AgentOdds';
import { buildBet, buildBook } from './test-builders';

const api = withMocks(fakeBets, 'marketAnalysis', 'childUserList', 'unsettledBets', 'deleteBets', 'deleteCurrentBet');
const sports = withMocks(fakeSports, 'matchById');
const data = withMocks(fakeMarketData, 'watchMatch', 'close');
const apis = { bets: api, sports, marketData: data };

const userOf = (role: Role, username: string): UserInfo => ({
  _id: `id-${username}`, username, role, roleLabel: role, sessionId: 's', balance: 0, exposer: 0, changePassAndTxn: false, mustChangePassword: false, hasTransactionPassword: true, lastLoginAt: null,
});

const pageOf = (rows: BetRow[]): BetPage<BetRow> => ({ rows, page: 1, pageSize: 25, total: rows.length });

const children: Record<string, ChildBookRow[]> = {
  '': [
    { username: 'demo-smdl', role: 'smdl', markets: [{ marketId: 'mo1', marketName: 'Match Odds', marketType: 'match_odds', lines: [{ selectionId: 'ind', name: 'India', usersPnl: 150 }, { selectionId: 'aus', name: 'Australia', usersPnl: -100 }] }] },
  ],
  'demo-smdl': [{ username: 'demo-mdl', role: 'mdl', markets: [] }],
  'demo-mdl': [{ username: 'demo-user', role: 'user', markets: [] }],
};

let live: BehaviorSubject<MatchState>;

function renderAt(role: Role, username: string) {
  act(() => setUser(userOf(role, username)));
  return renderWithApis(
    <MemoryRouter initialEntries={['/admin/odds/e1']}>
      <Routes>
        <Route path="/admin/odds/:matchId" element={<AgentOdds />} />
      </Routes>
    </MemoryRouter>,
    apis,
  );
}

beforeEach(() => {
  jest.resetAllMocks();
  live = new BehaviorSubject<MatchState>({
    ...initialMatchState('e1'),
    status: 'live',
    markets: [buildMarket('mo1', { name: 'Match Odds', matchId: 'e1', status: 'suspended', adminSuspended: true })],
    fancies: [buildFancy('f1', { name: '6 over runs', status: 'suspended' })],
  });
  data.watchMatch.mockReturnValue(live.asObservable());
  sports.matchById.mockResolvedValue({ _id: 'e1', sportId: 4, name: 'India v Australia', competitionId: 'c1', competitionName: 'Test series', openDate: '2026-11-21T10:00:00Z', inPlay: true, status: 'inplay', active: true });
  api.marketAnalysis.mockResolvedValue([buildBook()]);
  api.childUserList.mockImplementation(async (q) => children[q.username ?? ''] ?? []);
  api.unsettledBets.mockResolvedValue(pageOf([buildBet('b1'), buildBet('b2', { username: 'player2', side: 'LAY', odds: 2.6 })]));
});
afterEach(() => act(() => setUser(null)));

describe('AgentOdds', () => {
  it("shows the match's live prices read-only, the agent's books and the downline bets of the match", async () => {
    renderAt('dl', 'demo-dl');
    expect(await screen.findByRole('heading', { level: 1, name: 'India v Australia' })).toBeInTheDocument();
    expect(data.watchMatch).toHaveBeenCalledWith('e1');
    const prices = screen.getByRole('table', { name: 'Match Odds prices' });
    expect(within(prices).getByRole('row', { name: /^Runner a/ })).toHaveTextContent('1.8');
    // Whose suspension it is: the admin's on the market, the feed's on the fancy.
    expect(screen.getByText('Suspended by admin')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Fancy prices' })).getByRole('row', { name: /6 over runs/ })).toHaveTextContent('Suspended by feed');
    // No betting controls (the downline bets' "Placed at" header is a sort button, not a bet).
    expect(screen.queryByRole('button', { name: /back|lay|place(?!d at$)/i })).not.toBeInTheDocument();
    const book = await screen.findByRole('table', { name: 'Book of Match Odds' });
    expect(api.marketAnalysis).toHaveBeenCalledWith({ matchId: 'e1' });
    expect(within(book).getByRole('row', { name: /^India/ })).toHaveTextContent('150.00-90.00');
    const bets = await screen.findByRole('table', { name: 'Downline bets' });
    expect(api.unsettledBets).toHaveBeenCalledWith({ type: 'matched', matchId: 'e1', page: 1, pageSize: 25 });
    expect(within(bets).getByRole('row', { name: /^player2/ })).toHaveTextContent('Lay');
    // A DL cannot delete bets: no checkboxes, no delete buttons.
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Deleted bets' })).toHaveAttribute('href', '/admin/unsettledbet/deleted');
  });

  it('drills into the child books and climbs back through the breadcrumb', async () => {
    renderAt('sadmin', 'demo-sadmin');
    const table = await screen.findByRole('table', { name: 'Child books' });
    expect(api.childUserList).toHaveBeenCalledWith({ matchId: 'e1', username: undefined });
    const smdl = within(table).getByRole('row', { name: /demo-smdl/ });
    expect(smdl).toHaveTextContent('India: 150.00');
    expect(within(smdl).getByText('-100.00')).toHaveAttribute('data-pnl', 'neg');
    await userEvent.click(within(smdl).getByRole('button', { name: 'Books below demo-smdl' }));
    expect(api.childUserList).toHaveBeenLastCalledWith({ matchId: 'e1', username: 'demo-smdl' });
    await userEvent.click(await screen.findByRole('button', { name: 'Books below demo-mdl' }));
    const crumbs = screen.getByRole('navigation', { name: 'Child books path' });
    expect(within(crumbs).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['demo-sadmin', 'demo-smdl', 'demo-mdl']);
    const player = await within(screen.getByRole('table', { name: 'Child books' })).findByRole('row', { name: /demo-user/ });
    // A player is a leaf: no drill-down.
    expect(within(player).queryByRole('button')).not.toBeInTheDocument();
    await userEvent.click(within(crumbs).getByRole('button', { name: 'demo-sadmin' }));
    expect(api.childUserList).toHaveBeenLastCalledWith({ matchId: 'e1', username: undefined });
    expect(await screen.findByRole('button', { name: 'Books below demo-smdl' })).toBeInTheDocument();
  });

  it('lets an admin delete the selected bets with a reason after a confirmation, then refreshes books and bets', async () => {
    api.deleteBets.mockResolvedValue({ data: { voided: ['b1', 'b2'] }, message: 'Bets deleted' });
    const notices: string[] = [];
    const sub = on('ui.notify').subscribe((n) => notices.push(n.message));
    renderAt('admin', 'demo-admin');
    const bets = await screen.findByRole('table', { name: 'Downline bets' });
    const deleteSelected = screen.getByRole('button', { name: 'Delete bets' });
    expect(deleteSelected).toBeDisabled();
    await userEvent.click(within(bets).getByRole('checkbox', { name: 'Select every bet on this page' }));
    expect(within(bets).getByRole('checkbox', { name: /^Select bet of player2 on India \(Lay 2.6, 100.00\)/ })).toBeChecked();
    await userEvent.click(deleteSelected);
    const dialog = screen.getByRole('dialog', { name: 'Delete bets' });
    await userEvent.type(within(dialog).getByLabelText('Reason (optional)'), ' wrong price ');
    const analysisCalls = api.marketAnalysis.mock.calls.length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete 2 bets' }));
    expect(api.deleteBets).toHaveBeenCalledWith({ betIds: ['b1', 'b2'], reason: 'wrong price' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(notices).toEqual(['Bets deleted']);
    await waitFor(() => expect(api.marketAnalysis.mock.calls.length).toBeGreaterThan(analysisCalls));
    expect(api.unsettledBets.mock.calls.length).toBeGreaterThan(1);
    sub.unsubscribe();
  });

  it('deletes one bet from its row with delete-current-bet; a refusal stays in the dialog', async () => {
    api.deleteCurrentBet.mockRejectedValueOnce(new Error('Only open bets can be deleted: roll back the result first')).mockResolvedValue({ data: { voided: ['b1'] }, message: 'Bets deleted' });
    renderAt('sadmin', 'demo-sadmin');
    const bets = await screen.findByRole('table', { name: 'Downline bets' });
    await userEvent.click(within(bets).getByRole('button', { name: /^Delete bet of demo-user on India/ }));
    const dialog = screen.getByRole('dialog', { name: 'Delete bet' });
    expect(within(dialog).queryByLabelText('Reason (optional)')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete bet' }));
    expect(api.deleteCurrentBet).toHaveBeenCalledWith('b1');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Only open bets can be deleted');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete bet' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.deleteBets).not.toHaveBeenCalled();
  });

  it('sorts and searches the downline bets of the match on the server, from page 1', async () => {
    api.unsettledBets.mockImplementation(async (q) =>
      q.search === 'nobody'
        ? pageOf([])
        : pageOf(q.sort === 'username' && q.order === 'desc' ? [buildBet('b2', { username: 'player2' }), buildBet('b1')] : [buildBet('b1'), buildBet('b2', { username: 'player2' })]),
    );
    renderAt('dl', 'demo-dl');
    const bets = await screen.findByRole('table', { name: 'Downline bets' });
    expect(within(bets).getByRole('columnheader', { name: 'User' })).toHaveAttribute('aria-sort', 'none');
    await userEvent.click(within(bets).getByRole('button', { name: 'User' }));
    await userEvent.click(within(screen.getByRole('table', { name: 'Downline bets' })).getByRole('button', { name: 'User' }));
    await waitFor(() => expect(api.unsettledBets).toHaveBeenLastCalledWith({ type: 'matched', matchId: 'e1', search: undefined, sort: 'username', order: 'desc', page: 1, pageSize: 25 }));
    const table = await screen.findByRole('table', { name: 'Downline bets' });
    await waitFor(() => expect(within(table).getAllByRole('rowheader').map((c) => c.textContent)).toEqual(['player2', 'demo-user']));
    expect(within(table).getByRole('columnheader', { name: 'User' })).toHaveAttribute('aria-sort', 'descending');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search downline bets' }), 'nobody');
    await waitFor(() => expect(api.unsettledBets).toHaveBeenLastCalledWith(expect.objectContaining({ matchId: 'e1', search: 'nobody', sort: 'username', order: 'desc', page: 1 })), { timeout: SEARCH_DEBOUNCE_MS * 4 });
    expect(await screen.findByText('No bets match the search.')).toBeInTheDocument();
  });
});
