import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FeedStatus as FeedStatusData } from '@backlay/shared';
import { fakeSportsAdmin, renderWithApis, withMocks } from '@backlay/shared/testing';
import { FEED_STATUS_REFRESH_MS, FeedStatus } from './FeedStatus';

const api = withMocks(fakeSportsAdmin, 'feedStatus');
const apis = { sportsAdmin: api };

/** The contract's own type: a field the API renames fails the type check here. */
const stale: FeedStatusData = {
  provider: 'betfair',
  checkedAt: '2026-03-01T18:00:10.000Z',
  connected: true,
  lastMessageAt: '2026-03-01T18:00:00.000Z',
  lastMessageAgeSec: 12.5,
  staleAfterSec: 10,
  stale: 'silent',
  reconnects: 3,
  marketsSubscribed: 42,
  lagMs: 180,
  lastError: null,
  staleSuspensions: 17,
  markets: { open: 5, suspended: 30, ballRunning: 1, closed: 6, heldStale: 25, heldInPlay: 2, adminSuspended: 4 },
};

const fact = (label: string) => {
  const list = document.querySelector<HTMLElement>('dl[aria-label="Connection"]');
  if (list === null) throw new Error('no facts');
  const term = within(list).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
};

const cell = (status: string) =>
  within(within(screen.getByRole('table', { name: 'Markets by status' })).getByRole('rowheader', { name: status }).closest('tr') as HTMLElement).getByRole('cell')
    .textContent;

describe('FeedStatus', () => {
  afterEach(() => {
    jest.useRealTimers();
    api.feedStatus.mockReset();
  });

  it('labels the connection, the staleness and the markets by status, with the ingest\'s holds', async () => {
    api.feedStatus.mockResolvedValue(stale);
    renderWithApis(<FeedStatus />, apis);
    expect(await screen.findByRole('table', { name: 'Markets by status' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Feed status' })).toBeInTheDocument();
    expect(fact('Provider')).toBe('betfair');
    expect(fact('Connection')).toBe('Connected');
    expect(fact('Prices')).toBe('Silent past its staleness');
    expect(fact('Last message')).toBe('12.5 s ago (stale after 10.0 s)');
    expect(fact('Lag')).toBe('180 ms');
    expect(fact('Reconnects')).toBe('3');
    expect(fact('Markets subscribed')).toBe('42');
    expect(fact('Stale suspensions')).toBe('17');
    expect(screen.queryByText('Last error')).not.toBeInTheDocument();
    expect(cell('Open')).toBe('5');
    expect(cell('Suspended')).toBe('30');
    expect(cell('Suspended: feed stale')).toBe('25');
    expect(cell('Suspended: turned in play')).toBe('2');
    expect(cell('Ball running')).toBe('1');
    expect(cell('Closed')).toBe('6');
    expect(cell('Suspended by an admin')).toBe('4');
  });

  it('shows a dropped connection with its error, and a feed that has never run', async () => {
    api.feedStatus.mockResolvedValueOnce({ ...stale, connected: false, stale: 'disconnected', lastError: 'connection reset' });
    const { unmount } = renderWithApis(<FeedStatus />, apis);
    await screen.findByRole('table', { name: 'Markets by status' });
    expect(fact('Connection')).toBe('Not connected');
    expect(fact('Prices')).toBe('Disconnected');
    expect(fact('Last error')).toBe('connection reset');
    unmount();

    api.feedStatus.mockResolvedValueOnce({
      ...stale,
      checkedAt: null,
      connected: null,
      lastMessageAt: null,
      lastMessageAgeSec: null,
      stale: null,
      reconnects: null,
      marketsSubscribed: null,
      lagMs: null,
      staleSuspensions: 0,
    });
    renderWithApis(<FeedStatus />, apis);
    await screen.findByRole('table', { name: 'Markets by status' });
    expect(fact('Connection')).toBe('The feed has not run yet');
    expect(fact('Last message')).toBe('— (stale after 10.0 s)');
    expect(fact('Reconnects')).toBe('—');
    expect(fact('Checked')).toBe('Never');
  });

  it('asks again every 5 s and on Refresh, keeping the page on screen', async () => {
    jest.useFakeTimers();
    api.feedStatus.mockResolvedValueOnce(stale).mockResolvedValueOnce({ ...stale, stale: null, lastMessageAgeSec: 0.2 }).mockResolvedValue({ ...stale, reconnects: 4 });
    renderWithApis(<FeedStatus />, apis);
    await act(async () => {
      await Promise.resolve();
    });
    expect(fact('Prices')).toBe('Silent past its staleness');
    await act(async () => {
      jest.advanceTimersByTime(FEED_STATUS_REFRESH_MS);
    });
    expect(api.feedStatus).toHaveBeenCalledTimes(2);
    expect(fact('Prices')).toBe('Fresh');
    expect(fact('Last message')).toBe('0.2 s ago (stale after 10.0 s)');
    jest.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(api.feedStatus).toHaveBeenCalledTimes(3);
    await screen.findByText('Silent past its staleness');
    expect(fact('Reconnects')).toBe('4');
  });
});
