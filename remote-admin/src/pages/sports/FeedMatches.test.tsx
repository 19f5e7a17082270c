import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { sportsAdminApi, type FeedMatch } from '@backlay/shared';
import { FeedMatches } from './FeedMatches';
import { Series, feedMatchesPath } from './Series';

jest.mock('@backlay/shared', () => {
  const actual = jest.requireActual('@backlay/shared');
  return { ...actual, sportsAdminApi: { series: jest.fn(), feedMatches: jest.fn(), saveMatch: jest.fn() } };
});

const api = sportsAdminApi as jest.Mocked<typeof sportsAdminApi>;

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/series/:sportId" element={<Series />} />
        <Route path="/admin/matches/:sportId" element={<FeedMatches />} />
      </Routes>
    </MemoryRouter>,
  );
}

const feedMatch = (over: Partial<FeedMatch>): FeedMatch => ({
  eventId: 'e1', name: 'India v Australia', sportId: 4, competitionId: 'c1', competitionName: 'Border-Gavaskar Trophy', openDate: '2026-11-21T10:00:00Z', inPlay: true, imported: false, ...over,
});

beforeEach(() => jest.resetAllMocks());

describe('Series', () => {
  it('lists the feed\'s competitions of the sport, each linking to its matches', async () => {
    api.series.mockResolvedValue([{ competitionId: 'c 1', name: 'Border-Gavaskar Trophy', sportId: 4, matchCount: 3 }]);
    renderAt('/admin/series/4');
    expect(await screen.findByRole('heading', { name: 'Series: Cricket' })).toBeInTheDocument();
    expect(api.series).toHaveBeenCalledWith(4);
    const row = screen.getByRole('row', { name: /Border-Gavaskar Trophy/ });
    expect(within(row).getByText('3')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Matches of Border-Gavaskar Trophy' })).toHaveAttribute('href', '/admin/matches/4?competitionId=c+1');
    expect(feedMatchesPath(1, 'x&y')).toBe('/admin/matches/1?competitionId=x%26y');
  });

  it('says when the feed has nothing', async () => {
    api.series.mockResolvedValue([]);
    renderAt('/admin/series/2');
    expect(await screen.findByText('The feed offers no tennis competitions right now.')).toBeInTheDocument();
  });
});

describe('FeedMatches', () => {
  it('imports a match with its markets (syncData) and then shows it imported with links to its markets and fancies', async () => {
    api.feedMatches.mockResolvedValueOnce([feedMatch({}), feedMatch({ eventId: 'e2', name: 'England v India', imported: true, inPlay: false })]);
    api.feedMatches.mockResolvedValueOnce([feedMatch({ imported: true }), feedMatch({ eventId: 'e2', name: 'England v India', imported: true, inPlay: false })]);
    api.saveMatch.mockResolvedValue({ data: { _id: 'e1' } as never, message: 'Match saved' });
    renderAt('/admin/matches/4?competitionId=c1');
    expect(await screen.findByRole('heading', { name: 'Matches: Border-Gavaskar Trophy' })).toBeInTheDocument();
    expect(api.feedMatches).toHaveBeenCalledWith(4, 'c1');
    const imported = screen.getByRole('row', { name: /England v India/ });
    expect(within(imported).getByText('Imported')).toBeInTheDocument();
    expect(within(imported).getByRole('link', { name: 'Markets of England v India' })).toHaveAttribute('href', '/admin/active-markets/e2');

    await userEvent.click(screen.getByRole('button', { name: 'Import India v Australia' }));
    expect(api.saveMatch).toHaveBeenCalledWith({ data: { eventId: 'e1', sportId: 4, competitionId: 'c1' }, syncData: true });
    const row = await screen.findByRole('row', { name: /India v Australia.*Imported/ });
    expect(within(row).getByRole('link', { name: 'Markets of India v Australia' })).toHaveAttribute('href', '/admin/active-markets/e1');
    expect(within(row).getByRole('link', { name: 'Fancies of India v Australia' })).toHaveAttribute('href', '/admin/active-fancies/e1');
    await waitFor(() => expect(api.feedMatches).toHaveBeenCalledTimes(2));
  });

  it('asks for a competition when none is given', async () => {
    renderAt('/admin/matches/4');
    expect(await screen.findByText('Choose a competition from the series list first.')).toBeInTheDocument();
  });
});
