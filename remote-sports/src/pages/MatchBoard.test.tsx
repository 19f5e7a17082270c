import { act, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { type MatchSummary, formatDateTimeMinutes, publish } from '@backlay/shared';
import { fakeSports, renderWithApis, withMocks } from '@backlay/shared/testing';
import { type Apis } from '@backlay/shared';
import { prefetch } from '../expose/routes';
import { FINISHED_KEPT_MS, MATCH_LIST_REFRESH_MS, MatchBoard, oddsColumns, sortMatches, withLiveStatus } from './MatchBoard';

const api = withMocks(fakeSports, 'sportList', 'matchList', 'messages');
const apis = { sports: api };

function renderAt(path: string) {
  return renderWithApis(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/" element={<MatchBoard />} />
        <Route path="/match/:sportId/:status?" element={<MatchBoard />} />
      </Routes>
    </MemoryRouter>,
    apis,
  );
}

const match = (over: Partial<MatchSummary>): MatchSummary => ({
  _id: 'x', sportId: 4, name: 'A v B', openDate: '2026-11-21T10:00:00Z', inPlay: false, status: 'upcoming', competitionName: 'Test Cup', active: true, matchOdds: null, ...over,
});

const soccerOdds = {
  marketId: 'mo', status: 'open' as const,
  runners: [
    { selectionId: 'h', name: 'Arsenal', back: 2.1, lay: 2.12 },
    { selectionId: 'a', name: 'Chelsea', back: 3.4, lay: 3.5 },
    { selectionId: 'd', name: 'The Draw', back: 3.2, lay: 3.3 },
  ],
};

describe('oddsColumns', () => {
  it('puts the draw in the middle for soccer (1, X, 2)', () => {
    expect(oddsColumns(1, soccerOdds)).toEqual([
      { label: '1', back: 2.1, lay: 2.12 },
      { label: 'X', back: 3.2, lay: 3.3 },
      { label: '2', back: 3.4, lay: 3.5 },
    ]);
  });

  it('gives two columns for cricket and tennis, empty without prices', () => {
    expect(oddsColumns(4, null)).toEqual([
      { label: '1', back: null, lay: null },
      { label: '2', back: null, lay: null },
    ]);
    expect(oddsColumns(2, { marketId: 'm', status: 'open', runners: [{ selectionId: 'p', name: 'P', back: 1.5, lay: null }, { selectionId: 'q', name: 'Q', back: null, lay: 2.9 }] })).toEqual([
      { label: '1', back: 1.5, lay: null },
      { label: '2', back: null, lay: 2.9 },
    ]);
  });
});

describe('sortMatches', () => {
  it('lists in-play first, then by start', () => {
    const sorted = sortMatches([
      match({ _id: 'late', openDate: '2026-11-23T10:00:00Z' }),
      match({ _id: 'live2', inPlay: true, openDate: '2026-11-21T09:00:00Z' }),
      match({ _id: 'soon', openDate: '2026-11-22T10:00:00Z' }),
      match({ _id: 'live1', inPlay: true, openDate: '2026-11-21T08:00:00Z' }),
    ]);
    expect(sorted.map((m) => m._id)).toEqual(['live1', 'live2', 'soon', 'late']);
  });
});

describe('MatchBoard', () => {
  beforeEach(() => {
    jest.resetAllMocks();
    api.sportList.mockResolvedValue([{ sportId: 4, name: 'Cricket' }, { sportId: 1, name: 'Soccer' }, { sportId: 2, name: 'Tennis' }]);
    api.messages.mockResolvedValue([]);
  });
  afterEach(() => jest.useRealTimers());

  it('shows sport tabs and asks for the sport and status of the path', async () => {
    api.matchList.mockResolvedValue([]);
    renderAt('/match/1/in-play');
    expect(await screen.findByRole('link', { name: 'Soccer' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'In-play' })).toHaveAttribute('aria-current', 'page');
    expect(api.matchList).toHaveBeenCalledWith({ sportId: 1, status: 'in-play' });
    expect(await screen.findByText('No soccer matches are open right now.')).toBeInTheDocument();
  });

  it('lists in-play matches first on the home page (cricket by default), with competition, start or In-play flag, and a link to the odds page', async () => {
    api.matchList.mockResolvedValue([
      match({ _id: 'a', name: 'Later v Side', openDate: '2026-11-22T10:00:00Z', competitionName: 'Big Bash' }),
      match({ _id: 'b', name: 'Live v Side', openDate: '2026-11-21T10:00:00Z', inPlay: true, status: 'inplay', competitionName: 'IPL' }),
    ]);
    renderAt('/');
    const list = await screen.findByRole('list', { name: 'Matches' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => within(i).getAllByRole('link')[0].textContent)).toEqual(['Live v Side', 'Later v Side']);
    expect(within(items[0]).getByRole('link', { name: 'Live v Side' })).toHaveAttribute('href', '/odds/b');
    expect(within(items[0]).getByText('IPL')).toBeInTheDocument();
    expect(within(items[0]).getByText('In-play')).toHaveClass('bl-inplay');
    expect(within(items[1]).getByText(formatDateTimeMinutes('2026-11-22T10:00:00Z'))).toBeInTheDocument();
    expect(within(items[1]).getByText('Big Bash')).toBeInTheDocument();
    expect(api.matchList).toHaveBeenCalledWith({ sportId: 4, status: 'all' });
  });

  it.each([
    ['/', 'home', {}, { sportId: 4, status: 'all' }],
    ['/match/1/in-play', 'matchList', { sportId: '1', status: 'in-play' }, { sportId: 1, status: 'in-play' }],
  ] as const)("takes the answers the route module asked early when the page opened on %s, asking nothing twice (ADR 0085)", async (path, screenName, params, query) => {
    api.matchList.mockResolvedValue([match({ _id: 'b', name: 'Live v Side', inPlay: true, status: 'inplay' })]);
    prefetch?.[screenName]?.(params, apis as unknown as Apis);
    expect(api.matchList).toHaveBeenCalledTimes(1);
    renderAt(path);
    expect(await screen.findByRole('link', { name: 'Live v Side' })).toBeInTheDocument();
    expect(api.matchList).toHaveBeenCalledTimes(1);
    expect(api.matchList).toHaveBeenCalledWith(query);
    expect(api.sportList).toHaveBeenCalledTimes(1);
    expect(api.messages).toHaveBeenCalledTimes(1);
  });

  it('leaves finished (closed) matches out, and never calls one In-play', async () => {
    api.matchList.mockResolvedValue([
      match({ _id: 'done', name: 'Done v Dusted', status: 'closed', inPlay: true, openDate: '2026-11-20T10:00:00Z' }),
      match({ _id: 'live', name: 'Live v Side', status: 'inplay', inPlay: true }),
      match({ _id: 'next', name: 'Next v Side', openDate: '2026-11-22T10:00:00Z' }),
    ]);
    renderAt('/');
    const list = await screen.findByRole('list', { name: 'Matches' });
    expect(within(list).getAllByRole('listitem').map((i) => within(i).getAllByRole('link')[0].textContent)).toEqual(['Live v Side', 'Next v Side']);
    expect(screen.queryByText('Done v Dusted')).not.toBeInTheDocument();
    expect(within(list).getAllByText('In-play')).toHaveLength(1);
  });

  it('says no matches are open when every match of the sport is finished', async () => {
    api.matchList.mockResolvedValue([match({ _id: 'done', name: 'Done v Dusted', status: 'closed' })]);
    renderAt('/match/4');
    expect(await screen.findByText('No cricket matches are open right now.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Matches' })).not.toBeInTheDocument();
  });

  it('shows best back and lay per outcome, 1 X 2 for soccer, and an overlay when the market is suspended', async () => {
    api.matchList.mockResolvedValue([
      match({ _id: 's', sportId: 1, name: 'Arsenal v Chelsea', matchOdds: soccerOdds }),
      match({ _id: 't', sportId: 1, name: 'Leeds v Hull', matchOdds: { ...soccerOdds, status: 'suspended' } }),
    ]);
    renderAt('/match/1');
    const prices = await screen.findByRole('group', { name: 'Prices of Arsenal v Chelsea' });
    expect(prices).toHaveTextContent('1 back: 2.1');
    expect(prices).toHaveTextContent('1 lay: 2.12');
    expect(prices).toHaveTextContent('X back: 3.2');
    expect(prices).toHaveTextContent('2 lay: 3.5');
    expect(prices.querySelectorAll('.bl-price--back')).toHaveLength(3);
    expect(prices.querySelectorAll('.bl-price--lay')).toHaveLength(3);
    expect(within(prices).queryByRole('status')).not.toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Prices of Leeds v Hull' })).getByRole('status')).toHaveTextContent('Suspended');
  });

  it('shows the active news lines at the top as a list', async () => {
    api.matchList.mockResolvedValue([]);
    api.messages.mockResolvedValue([
      { _id: 'n1', text: 'IPL final tonight: fancy sessions open at the toss', active: true, createdAt: '2026-11-20T00:00:00Z', siteId: null },
      { _id: 'n2', text: 'old line', active: false, createdAt: '2026-11-19T00:00:00Z', siteId: null },
    ]);
    renderAt('/');
    const news = await screen.findByRole('region', { name: 'News' });
    expect(within(news).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['IPL final tonight: fancy sessions open at the toss']);
  });

  it('fetches the list again every MATCH_LIST_REFRESH_MS and keeps it when a refresh fails', async () => {
    jest.useFakeTimers();
    api.matchList.mockResolvedValueOnce([match({ _id: 'a', name: 'First v Second' })]);
    renderAt('/');
    expect(await screen.findByRole('link', { name: 'First v Second' })).toBeInTheDocument();
    api.matchList.mockResolvedValueOnce([match({ _id: 'a', name: 'First v Second', inPlay: true })]);
    await act(() => jest.advanceTimersByTimeAsync(MATCH_LIST_REFRESH_MS));
    expect(api.matchList).toHaveBeenCalledTimes(2);
    expect(await screen.findByText('In-play', { selector: '.bl-inplay' })).toBeInTheDocument();
    api.matchList.mockRejectedValueOnce(Object.assign(new Error('Network Error'), { silent: false }));
    await act(() => jest.advanceTimersByTimeAsync(MATCH_LIST_REFRESH_MS));
    expect(api.matchList).toHaveBeenCalledTimes(3);
    expect(screen.getByRole('link', { name: 'First v Second' })).toBeInTheDocument();
  });

  it("turns a listed match Finished (prices Closed) in its place when the socket says it ended, and In-play when it started, with no fetch", async () => {
    api.matchList.mockResolvedValue([
      match({ _id: 'live', name: 'Live v Side', status: 'inplay', inPlay: true, matchOdds: soccerOdds }),
      match({ _id: 'next', name: 'Next v Side', openDate: '2026-11-22T10:00:00Z' }),
    ]);
    renderAt('/');
    const list = await screen.findByRole('list', { name: 'Matches' });
    const item = (name: string) => within(list).getAllByRole('listitem').find((i) => within(i).queryByRole('link', { name }))!;
    expect(within(item('Live v Side')).getByText('In-play')).toBeInTheDocument();
    const fetches = api.matchList.mock.calls.length;
    act(() => publish('sports.matchStatusChanged', { matchId: 'live', status: 'closed' }));
    expect(within(item('Live v Side')).getByText('Finished')).toHaveClass('bl-finished');
    expect(within(item('Live v Side')).queryByText('In-play')).not.toBeInTheDocument();
    expect(within(item('Live v Side')).getByRole('status')).toHaveTextContent('Closed');
    act(() => publish('sports.matchStatusChanged', { matchId: 'next', status: 'inplay' }));
    expect(within(item('Next v Side')).getByText('In-play')).toBeInTheDocument();
    // Both keep their places until the next fetch; nothing was fetched for it.
    expect(within(list).getAllByRole('listitem').map((i) => within(i).getAllByRole('link')[0].textContent)).toEqual(['Live v Side', 'Next v Side']);
    expect(api.matchList.mock.calls.length).toBe(fetches);
    // Another match's notice changes nothing here.
    act(() => publish('sports.matchStatusChanged', { matchId: 'elsewhere', status: 'closed' }));
    expect(within(list).getAllByText('Finished')).toHaveLength(1);
  });

  it('reads the list again when the user socket rejoins after a gap (what it said meanwhile was not kept), not at its first join', async () => {
    api.matchList.mockResolvedValue([match({ _id: 'live', name: 'Live v Side', status: 'inplay', inPlay: true })]);
    renderAt('/');
    expect(await screen.findByRole('link', { name: 'Live v Side' })).toBeInTheDocument();
    const fetches = api.matchList.mock.calls.length;
    act(() => publish('session.socketJoined', { area: 'player', userId: 'u1', rejoin: false }));
    expect(api.matchList.mock.calls.length).toBe(fetches);
    // The match started and another began while the socket was down: the list read again shows both.
    api.matchList.mockResolvedValue([
      match({ _id: 'live', name: 'Live v Side', status: 'inplay', inPlay: true }),
      match({ _id: 'new', name: 'New v Side', status: 'inplay', inPlay: true }),
    ]);
    // Read at once (no timer passes here: the list's own refresh is MATCH_LIST_REFRESH_MS away).
    await act(async () => publish('session.socketJoined', { area: 'player', userId: 'u1', rejoin: true }));
    expect(screen.getByRole('link', { name: 'New v Side' })).toBeInTheDocument();
    expect(api.matchList.mock.calls.length).toBe(fetches + 1);
  });

  it('keeps a match the socket said ended on the list, Finished, for FINISHED_KEPT_MS though the next fetch leaves it out', async () => {
    jest.useFakeTimers();
    api.matchList.mockResolvedValue([
      match({ _id: 'live', name: 'Live v Side', status: 'inplay', inPlay: true, matchOdds: soccerOdds }),
      match({ _id: 'next', name: 'Next v Side', openDate: '2026-11-22T10:00:00Z' }),
    ]);
    renderAt('/');
    const list = await screen.findByRole('list', { name: 'Matches' });
    const names = () => within(list).getAllByRole('listitem').map((i) => within(i).getAllByRole('link')[0].textContent);
    act(() => publish('sports.matchStatusChanged', { matchId: 'live', status: 'closed' }));
    // The next fetch, a moment later, no longer lists the closed match: the row stays, Finished.
    api.matchList.mockResolvedValue([match({ _id: 'next', name: 'Next v Side', openDate: '2026-11-22T10:00:00Z' })]);
    await act(() => jest.advanceTimersByTimeAsync(MATCH_LIST_REFRESH_MS));
    expect(api.matchList).toHaveBeenCalledTimes(2);
    expect([...names()].sort()).toEqual(['Live v Side', 'Next v Side']);
    const ended = within(list).getAllByRole('listitem').find((i) => within(i).queryByRole('link', { name: 'Live v Side' }))!;
    expect(within(ended).getByText('Finished')).toHaveClass('bl-finished');
    // Past its time, the first fetch after takes it away.
    await act(() => jest.advanceTimersByTimeAsync(FINISHED_KEPT_MS));
    expect(names()).toEqual(['Next v Side']);
  });
});

describe('withLiveStatus', () => {
  it('takes the further of the fetched and the live status: a match only moves on', () => {
    const listed = match({ status: 'inplay', inPlay: true });
    expect(withLiveStatus(listed, undefined)).toBe(listed);
    expect(withLiveStatus(listed, 'upcoming')).toBe(listed);
    expect(withLiveStatus(listed, 'closed')).toMatchObject({ status: 'closed' });
    expect(withLiveStatus(match({}), 'inplay')).toMatchObject({ status: 'inplay', inPlay: true });
  });
});
