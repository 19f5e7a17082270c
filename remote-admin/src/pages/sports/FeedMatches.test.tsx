import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { type FeedMatch } from '@backlay/shared';
import { fakeSportsAdmin, renderWithApis, withMocks } from '@backlay/shared/testing';
import { FeedMatches } from './FeedMatches';
import { Series, feedMatchesPath } from './Series';

const api = withMocks(fakeSportsAdmin, 'series', 'feedMatches', 'saveMatch');
const apis = { sportsAdmin: api };

function renderAt(path: string) {
  return renderWithApis(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/series/:sportId" element={<Series />} />
        <Route path="/admin/matches/:sportId" element={<FeedMatches />} />
      </Routes>
    </MemoryRouter>,
    apis,
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

describe('racing import', () => {
  const race = (over: Partial<FeedMatch>): FeedMatch =>
    feedMatch({ sportId: 4339, competitionId: 'm1', competitionName: 'Sheffield (GB)', inPlay: false, ...over });

  it('lists a racing sport\'s meetings, each leading to its races', async () => {
    api.series.mockResolvedValue([{ competitionId: 'm1', name: 'Sheffield (GB)', sportId: 4339, matchCount: 12 }]);
    renderAt('/admin/series/4339');
    expect(await screen.findByRole('heading', { name: 'Meetings: Greyhound Racing' })).toBeInTheDocument();
    const row = within(screen.getByRole('table', { name: 'Meetings' })).getByRole('row', { name: /Sheffield \(GB\)/ });
    expect(within(row).getByRole('link', { name: 'Races of Sheffield (GB)' })).toHaveAttribute('href', '/admin/matches/4339?competitionId=m1');
  });

  it('lists a meeting\'s races by off time and imports every race not imported yet, one save-match each', async () => {
    const races = [
      race({ eventId: 'r2', name: 'Sheffield · A4 480m', openDate: '2026-11-28T14:20:00Z' }),
      race({ eventId: 'r1', name: 'Sheffield · HP 280m', openDate: '2026-11-28T14:04:00Z', imported: true }),
      race({ eventId: 'r3', name: 'Sheffield · A2 500m', openDate: '2026-11-28T14:36:00Z' }),
    ];
    api.feedMatches.mockResolvedValueOnce(races).mockResolvedValue(races.map((r) => ({ ...r, imported: true })));
    api.saveMatch.mockResolvedValue({ data: { _id: 'x' } as never, message: 'Match saved' });
    renderAt('/admin/matches/4339?competitionId=m1');
    expect(await screen.findByRole('heading', { name: 'Races: Sheffield (GB)' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Feed races' });
    expect(within(table).getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['Sheffield · HP 280m', 'Sheffield · A4 480m', 'Sheffield · A2 500m']);
    // A race has WIN and PLACE markets, no fancies.
    const imported = within(table).getByRole('row', { name: /HP 280m/ });
    expect(within(imported).getByRole('link', { name: 'Markets of Sheffield · HP 280m' })).toBeInTheDocument();
    expect(within(imported).queryByRole('link', { name: /Fancies/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Import all races (2)' }));
    await waitFor(() => expect(api.feedMatches).toHaveBeenCalledTimes(2));
    expect(api.saveMatch.mock.calls.map(([body]) => body)).toEqual([
      { data: { eventId: 'r2', sportId: 4339, competitionId: 'm1' }, syncData: true },
      { data: { eventId: 'r3', sportId: 4339, competitionId: 'm1' }, syncData: true },
    ]);
    expect(await screen.findAllByText('Imported')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /Import all races/ })).toBeNull();
  });
});
