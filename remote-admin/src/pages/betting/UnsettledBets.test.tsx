import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { type BetPage, type BetRow } from '@backlay/shared';
import { fakeBets, renderWithApis, withMocks } from '@backlay/shared/testing';
import { UnsettledBets } from './UnsettledBets';
import { buildBet } from './test-builders';

const api = withMocks(fakeBets, 'unsettledBets');
const apis = { bets: api };

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
});
