import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { BehaviorSubject } from 'rxjs';
import { ApiError, initialMatchState, marketData, sportsApi, type MatchDetail, type MatchState } from '@backlay/shared';
import { buildFancy, buildMarket, buildScore } from '@backlay/shared/testing';
import { orderMarkets, OddsPage } from './OddsPage';

jest.mock('@backlay/shared', () => {
  const actual = jest.requireActual('@backlay/shared');
  return { ...actual, sportsApi: { matchById: jest.fn() }, marketData: { watchMatch: jest.fn(), close: jest.fn() } };
});

const api = sportsApi as jest.Mocked<typeof sportsApi>;
const data = marketData as jest.Mocked<typeof marketData>;

const detail: MatchDetail = {
  _id: 'm1', sportId: 4, name: 'India v Australia', competitionId: 'c1', competitionName: 'Border-Gavaskar Trophy', openDate: '2026-11-21T10:00:00Z', inPlay: true, status: 'inplay', active: true,
};

let feed: BehaviorSubject<MatchState>;
let watchers = 0;

function renderAt(path = '/odds/m1') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/odds/:matchId" element={<OddsPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const liveState = (over: Partial<MatchState> = {}): MatchState => ({
  matchId: 'm1',
  seq: 1,
  status: 'live',
  markets: [buildMarket('bm', { type: 'bookmaker', name: 'Bookmaker' }), buildMarket('mo', { name: 'Match Odds' }), buildMarket('ou', { type: 'over_under', name: 'Over/Under 2.5' })],
  fancies: [buildFancy('f1', { name: '6 over runs IND' })],
  score: buildScore({ summary: 'IND 123/4 (15.2)', detail: ['Last 6: 1 4 0 W 2 1'] }),
  ...over,
});

beforeEach(() => {
  jest.resetAllMocks();
  feed = new BehaviorSubject(initialMatchState('m1'));
  watchers = 0;
  data.watchMatch.mockImplementation(() => {
    watchers += 1;
    return feed.asObservable();
  });
  api.matchById.mockResolvedValue(detail);
});

describe('OddsPage', () => {
  it('orders markets match odds, bookmaker, over/under', () => {
    expect(orderMarkets(liveState().markets).map((m) => m.marketId)).toEqual(['mo', 'bm', 'ou']);
  });

  it('shows the match header, then the prices once the snapshot arrives, live', async () => {
    renderAt();
    expect(await screen.findByRole('heading', { name: 'India v Australia', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Border-Gavaskar Trophy')).toBeInTheDocument();
    expect(screen.getByText('Connecting to live prices…')).toBeInTheDocument();
    expect(data.watchMatch).toHaveBeenCalledWith('m1');

    act(() => feed.next(liveState()));
    expect(screen.getByText('Live')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Score' })).getByText('IND 123/4 (15.2)')).toBeInTheDocument();
    expect(screen.getByText('Last 6: 1 4 0 W 2 1')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Match Odds', 'Bookmaker', 'Over/Under 2.5', 'Fancy sessions']);
    expect(screen.getByRole('listitem', { name: '6 over runs IND' })).toBeInTheDocument();

    // A delta suspends the match odds: the overlay appears with no reload, and goes again.
    act(() => feed.next(liveState({ seq: 2, markets: [buildMarket('mo', { name: 'Match Odds', status: 'suspended' })] })));
    expect(within(screen.getByRole('region', { name: 'Match Odds' })).getByRole('status')).toHaveTextContent('Suspended');
    act(() => feed.next(liveState({ seq: 3, markets: [buildMarket('mo', { name: 'Match Odds' })] })));
    expect(within(screen.getByRole('region', { name: 'Match Odds' })).queryByRole('status')).not.toBeInTheDocument();

    act(() => feed.next(liveState({ status: 'resyncing' })));
    expect(screen.getByText('Reconnecting to live prices…')).toBeInTheDocument();
  });

  it('opens the rules pop-up of a market\'s type', async () => {
    renderAt();
    await screen.findByRole('heading', { name: 'India v Australia' });
    act(() => feed.next(liveState()));
    await userEvent.click(screen.getByRole('button', { name: 'Rules: Bookmaker' }));
    const dialog = screen.getByRole('dialog', { name: 'Rules: Bookmaker' });
    expect(within(dialog).getByText(/A back of stake S at rate R wins S × R \/ 100/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await userEvent.click(screen.getByRole('button', { name: 'Rules: Fancy sessions' }));
    expect(screen.getByRole('dialog', { name: 'Rules: Fancy / session' })).toBeInTheDocument();
  });

  it('says so when the match has no open markets', async () => {
    renderAt();
    await screen.findByRole('heading', { name: 'India v Australia' });
    act(() => feed.next(liveState({ markets: [], fancies: [], score: null })));
    expect(screen.getByText('No markets are open on this match right now.')).toBeInTheDocument();
  });

  it('says so when the data socket refuses the match', async () => {
    renderAt();
    await screen.findByRole('heading', { name: 'India v Australia' });
    act(() => feed.next({ ...initialMatchState('m1'), status: 'unavailable', error: 'Match not found' }));
    expect(screen.getByText('Live prices are not available for this match: Match not found')).toBeInTheDocument();
    expect(screen.getByText('No live prices')).toBeInTheDocument();
  });

  it('stops watching when it leaves the page', async () => {
    const { unmount } = renderAt();
    await screen.findByRole('heading', { name: 'India v Australia' });
    expect(feed.observed).toBe(true);
    unmount();
    expect(feed.observed).toBe(false);
    expect(watchers).toBe(1);
  });

  it('shows the server\'s refusal when the match cannot be opened', async () => {
    api.matchById.mockRejectedValue(new ApiError('Not found', 404, 'NOT_FOUND'));
    renderAt('/odds/zz');
    expect(await screen.findByText('This match could not be opened: Not found')).toBeInTheDocument();
  });
});
