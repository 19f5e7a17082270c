import { act, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { PAGE_SIZE_MAX, type MatchSummary } from '@backlay/shared';
import { fakeSports, renderWithApis, withMocks } from '@backlay/shared/testing';
import { MatchBoard } from '../pages/MatchBoard';
import { NEXT_RACES, RacingBoard, meetingsByDay, nextRaces } from './RacingBoard';

const api = withMocks(fakeSports, 'sportList', 'matchList', 'messages');
const apis = { sports: api };

// Local times, so the off times read the same in any time zone.
const NOW = new Date(2026, 10, 28, 14, 0, 0);
const at = (h: number, m: number) => new Date(2026, 10, 28, h, m).toISOString();

const race = (id: string, name: string, meeting: string, openDate: string, over: Partial<MatchSummary> = {}): MatchSummary => ({
  _id: id, sportId: 4339, name, openDate, inPlay: false, status: 'upcoming', competitionName: meeting, active: true, matchOdds: null, ...over,
});

const RACES = [
  race('r3', 'Romford · A2 400m', 'Romford (GB)', at(14, 20)),
  race('r1', 'Sheffield · A4 480m', 'Sheffield (GB)', at(14, 4)),
  race('r0', 'Sheffield · A6 500m', 'Sheffield (GB)', at(13, 40), { status: 'closed' }),
  race('r2', 'Sheffield · HP 280m', 'Sheffield (GB)', at(13, 58), { status: 'inplay', inPlay: true }),
];

function renderAt(path: string) {
  return renderWithApis(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/racing/:sportId" element={<RacingBoard />} />
        <Route path="/match/:sportId/:status?" element={<MatchBoard />} />
        <Route path="/odds/:matchId" element={<p>race page</p>} />
      </Routes>
    </MemoryRouter>,
    apis,
  );
}

describe('nextRaces and meetingsByDay', () => {
  it('lists the races not over by off time, at most NEXT_RACES', () => {
    expect(nextRaces(RACES).map((r) => r._id)).toEqual(['r2', 'r1', 'r3']);
    const many = Array.from({ length: NEXT_RACES + 3 }, (_, i) => race(`x${i}`, `V · R${i}`, 'V', at(15, i)));
    expect(nextRaces(many)).toHaveLength(NEXT_RACES);
  });

  it('groups the races by day and meeting, each meeting by off time', () => {
    const tomorrow = race('t1', 'Sheffield · A1 480m', 'Sheffield (GB)', new Date(2026, 10, 29, 11, 0).toISOString());
    expect(meetingsByDay([...RACES, tomorrow]).map((d) => [d.date, d.meetings.map((m) => [m.name, m.races.map((r) => r._id)])])).toEqual([
      ['2026-11-28', [['Sheffield (GB)', ['r0', 'r2', 'r1']], ['Romford (GB)', ['r3']]]],
      ['2026-11-29', [['Sheffield (GB)', ['t1']]]],
    ]);
  });
});

describe('RacingBoard', () => {
  beforeEach(() => {
    jest.resetAllMocks();
    jest.useFakeTimers({ now: NOW });
    api.sportList.mockResolvedValue([{ sportId: 4, name: 'Cricket' }, { sportId: 7, name: 'Horse Racing' }, { sportId: 4339, name: 'Greyhound Racing' }]);
    api.matchList.mockResolvedValue(RACES);
  });
  afterEach(() => jest.useRealTimers());

  it('shows the next races with venue, race, off time and a countdown that runs, and the meetings with their race times', async () => {
    renderAt('/racing/4339');
    expect(await screen.findByRole('heading', { name: 'Greyhound Racing' })).toBeInTheDocument();
    expect(api.matchList).toHaveBeenCalledWith({ sportId: 4339, status: 'all', limit: PAGE_SIZE_MAX });
    const next = within(await screen.findByRole('list', { name: 'Next races' })).getAllByRole('listitem');
    expect(next.map((li) => within(li).getByRole('link').textContent)).toEqual(['Sheffield HP 280m', 'Sheffield A4 480m', 'Romford A2 400m']);
    expect(next.map((li) => within(li).getByTestId('race-clock').textContent)).toEqual(['Off', 'in 4m 00s', 'in 20m 00s']);
    expect(within(next[1]).getByText('14:04')).toHaveAttribute('dateTime', at(14, 4));
    expect(within(next[1]).getByRole('link')).toHaveAttribute('href', '/odds/r1');
    act(() => {
      jest.advanceTimersByTime(5_000);
    });
    expect(within(next[1]).getByTestId('race-clock')).toHaveTextContent('in 3m 55s');

    const meetings = screen.getByRole('list', { name: 'Meetings today' });
    const sheffield = within(meetings).getByRole('listitem', { name: 'Sheffield (GB)' });
    expect(within(sheffield).getAllByRole('link').map((a) => a.getAttribute('aria-label'))).toEqual(['13:40 A6 500m (result)', '13:58 HP 280m', '14:04 A4 480m']);
    expect(within(sheffield).getByRole('link', { name: '13:40 A6 500m (result)' })).toHaveAttribute('href', '/odds/r0');
  });

  it('puts the racing sports among the sport tabs, each opening its races', async () => {
    renderAt('/racing/7');
    const tabs = await screen.findByRole('navigation', { name: 'Sports' });
    expect(within(tabs).getByRole('link', { name: 'Greyhound Racing' })).toHaveAttribute('href', '/racing/4339');
    expect(within(tabs).getByRole('link', { name: 'Horse Racing' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Cricket' })).toHaveAttribute('href', '/match/4');
  });

  it('says so when a sport has no races', async () => {
    api.matchList.mockResolvedValue([]);
    renderAt('/racing/7');
    expect(await screen.findByText('No horse racing races are open right now.')).toBeInTheDocument();
  });

  it('a racing sport’s match list opens its races instead', async () => {
    renderAt('/match/4339');
    expect(await screen.findByRole('heading', { name: 'Greyhound Racing' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Next races' })).toBeInTheDocument();
  });
});
