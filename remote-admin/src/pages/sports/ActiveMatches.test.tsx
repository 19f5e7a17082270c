import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { type AdminMatchSummary } from '@backlay/shared';
import { SEARCH_DEBOUNCE_MS } from '@backlay/shared/sortable';
import { fakeSportsAdmin, renderWithApis, withMocks } from '@backlay/shared/testing';
import { ActiveMatches } from './ActiveMatches';

const api = withMocks(fakeSportsAdmin, 'matchList', 'updateMatch');
const apis = { sportsAdmin: api };

const match = (over: Partial<AdminMatchSummary>): AdminMatchSummary => ({
  _id: 'e1', sportId: 4, name: 'India v Australia', openDate: '2026-11-21T10:00:00Z', inPlay: true, status: 'inplay', competitionName: 'Border-Gavaskar Trophy', active: true, ...over,
});

function renderAt(path: string) {
  return renderWithApis(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/active-matches/:sportId/:matchType?" element={<ActiveMatches />} />
      </Routes>
    </MemoryRouter>,
    apis,
  );
}

beforeEach(() => jest.resetAllMocks());

describe('ActiveMatches', () => {
  it('lists the imported matches of the type in the path with their switch and links', async () => {
    api.matchList.mockResolvedValue([match({}), match({ _id: 'e2', name: 'England v India', active: false, inPlay: false, status: 'upcoming' })]);
    renderAt('/admin/active-matches/4/upcoming');
    await screen.findByRole('table', { name: 'Imported matches' });
    expect(api.matchList).toHaveBeenCalledWith({ sportId: 4, status: 'upcoming', limit: 100 });
    expect(screen.getByRole('link', { name: 'Upcoming' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'In-play' })).toHaveAttribute('href', '/admin/active-matches/4/inplay');
    expect(screen.getByRole('switch', { name: 'India v Australia shown to players' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'England v India shown to players' })).not.toBeChecked();
    const row = screen.getByRole('row', { name: /England v India/ });
    expect(within(row).getByRole('link', { name: 'Markets of England v India' })).toHaveAttribute('href', '/admin/active-markets/e2');
    expect(within(row).getByRole('link', { name: 'Fancies of England v India' })).toHaveAttribute('href', '/admin/active-fancies/e2');
  });

  it('shows or hides a match for players with update-match, then reloads', async () => {
    api.matchList.mockResolvedValue([match({})]);
    api.updateMatch.mockResolvedValue({ data: null, message: 'Match updated' });
    renderAt('/admin/active-matches/4');
    expect(api.matchList).toHaveBeenCalledWith({ sportId: 4, status: 'all', limit: 100 });
    await userEvent.click(await screen.findByRole('switch', { name: 'India v Australia shown to players' }));
    expect(api.updateMatch).toHaveBeenCalledWith({ matchId: 'e1', active: false });
    await waitFor(() => expect(api.matchList).toHaveBeenCalledTimes(2));
  });

  it('sorts and searches on the server (the list is capped), showing the rows as they come', async () => {
    const india = match({});
    const england = match({ _id: 'e2', name: 'England v India', competitionName: 'Ashes', inPlay: false, status: 'upcoming' });
    api.matchList.mockImplementation(async (q) => (q.search === 'nothing' ? [] : q.sort === 'name' && q.order === 'desc' ? [india, england] : [england, india]));
    renderAt('/admin/active-matches/4');
    const table = await screen.findByRole('table', { name: 'Imported matches' });
    const start = within(table).getByRole('columnheader', { name: 'Start' });
    expect(start).toHaveAttribute('aria-sort', 'none');
    // Markets is not a column to sort by.
    expect(within(within(table).getByRole('columnheader', { name: 'Markets' })).queryByRole('button')).not.toBeInTheDocument();
    await userEvent.click(within(start).getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(api.matchList).toHaveBeenLastCalledWith({ sportId: 4, status: 'all', limit: 100, search: undefined, sort: 'openDate', order: 'asc' }));
    await userEvent.click(within(await screen.findByRole('table', { name: 'Imported matches' })).getByRole('button', { name: 'Match' }));
    await userEvent.click(within(await screen.findByRole('table', { name: 'Imported matches' })).getByRole('button', { name: 'Match' }));
    await waitFor(() => expect(api.matchList).toHaveBeenLastCalledWith(expect.objectContaining({ sort: 'name', order: 'desc' })));
    const sorted = await screen.findByRole('table', { name: 'Imported matches' });
    // The server's order, not the browser's.
    await waitFor(() => expect(within(sorted).getAllByRole('rowheader').map((c) => c.textContent)).toEqual(['India v Australia', 'England v India']));
    expect(within(sorted).getByRole('columnheader', { name: 'Match' })).toHaveAttribute('aria-sort', 'descending');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search matches' }), 'nothing');
    await waitFor(() => expect(api.matchList).toHaveBeenLastCalledWith({ sportId: 4, status: 'all', limit: 100, search: 'nothing', sort: 'name', order: 'desc' }), { timeout: SEARCH_DEBOUNCE_MS * 4 });
    expect(await screen.findByText('No imported match matches the search.')).toBeInTheDocument();
    // The box stays to change the search.
    expect(screen.getByRole('searchbox', { name: 'Search matches' })).toHaveValue('nothing');
  });
});
