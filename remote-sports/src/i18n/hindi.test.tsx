import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { setLanguage, type MatchSummary } from '@backlay/shared';
import { fillMessage, SCORE_WORDS } from '@backlay/shared/contracts';
import { buildFancy, buildMarket, buildRunner, fakeBets, fakeSports, renderWithApis, withMocks } from '@backlay/shared/testing';
import { BetSlip } from '../odds/BetSlip';
import { FancyList } from '../odds/FancyList';
import { ScorePanel } from '../odds/ScorePanel';
import { MarketLadder } from '../odds/MarketLadder';
import { buttonValuesSchema, toRows } from '../pages/ButtonValues';
import { MatchBoard } from '../pages/MatchBoard';
import { RulesDialog } from '../rules/RulesDialog';
import { GENERAL_RULES, MARKET_RULES } from '../rules/rules-content';

/**
 * The sports screens in Hindi (issue 36): the words the UI writes itself are said from the sports
 * catalog in the page's language; the feed's names (teams, markets, runners) stay as they came.
 */
const sports = withMocks(fakeSports, 'sportList', 'matchList', 'messages');
const bets = withMocks(fakeBets, 'placeBet');

beforeEach(async () => {
  jest.resetAllMocks();
  await act(() => setLanguage('hi'));
});
afterEach(async () => {
  await act(() => setLanguage('en'));
});

describe('the sports screens in Hindi', () => {
  it("the score panel: the feed's score words in Hindi, the names and figures as sent", () => {
    render(
      <ScorePanel
        score={{
          matchId: 'm1', sportId: 4, home: 'India', away: 'Australia', inPlay: true, ballRunning: false, updatedAt: '2026-11-30T10:00:00Z',
          summary: fillMessage(SCORE_WORDS.chasing, { innings: 'AUS 45/2 (6.3)', target: 160 }),
          detail: [
            'IND 159/7 (20.0)',
            fillMessage(SCORE_WORDS.need, { runs: 115, balls: 81 }),
            fillMessage(SCORE_WORDS.batting, { batters: 'S Smith 10 (8)*, T Head 3 (4)' }),
            fillMessage(SCORE_WORDS.recent, { balls: '1 4 0 W' }),
            SCORE_WORDS.cricsheetCredit,
          ],
        }}
      />,
    );
    const panel = screen.getByRole('region', { name: 'स्कोर' });
    expect(within(panel).getByText('AUS 45/2 (6.3) · लक्ष्य 160')).toBeInTheDocument();
    expect(within(panel).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'IND 159/7 (20.0)',
      '81 गेंदों में 115 रन चाहिए',
      'बल्लेबाज़ी: S Smith 10 (8)*, T Head 3 (4)',
      'हाल की गेंदें: 1 4 0 W',
      'आँकड़े Cricsheet (cricsheet.org) से',
    ]);
  });

  it("the score panel: a tennis line's points and a soccer line's clock in Hindi, the names as sent", () => {
    const base = { home: 'Sinner', away: 'Alcaraz', inPlay: true, ballRunning: false, updatedAt: '2026-11-30T10:00:00Z' };
    const { unmount } = render(
      <ScorePanel
        score={{
          ...base,
          matchId: 't1',
          sportId: 2,
          summary: fillMessage(SCORE_WORDS.setsPlaying, { sets: '1-0', games: '4-4', points: fillMessage(SCORE_WORDS.advantage, { player: 'SIN' }) }),
          detail: [fillMessage(SCORE_WORDS.setsPlaying, { sets: '1-0', games: '5-4', points: SCORE_WORDS.deuce })],
        }}
      />,
    );
    const tennis = screen.getByRole('region', { name: 'स्कोर' });
    expect(within(tennis).getByText('सेट 1-0 · गेम 4-4 · एडवांटेज SIN')).toBeInTheDocument();
    expect(within(tennis).getByText('सेट 1-0 · गेम 5-4 · ड्यूस')).toBeInTheDocument();
    unmount();
    render(
      <ScorePanel
        score={{
          ...base,
          matchId: 's1',
          sportId: 1,
          home: 'Arsenal',
          away: 'Chelsea',
          summary: fillMessage(SCORE_WORDS.soccerLine, { home: 'ARS', homeGoals: 1, awayGoals: 0, away: 'CHE', clock: SCORE_WORDS.halfTimeShort }),
          detail: [fillMessage(SCORE_WORDS.soccerLine, { home: 'ARS', homeGoals: 2, awayGoals: 1, away: 'CHE', clock: "67'" })],
        }}
      />,
    );
    const soccer = screen.getByRole('region', { name: 'स्कोर' });
    expect(within(soccer).getByText('ARS 1 - 0 CHE · हाफ़ टाइम')).toBeInTheDocument();
    expect(within(soccer).getByText("ARS 2 - 1 CHE · 67'")).toBeInTheDocument();
  });

  it('the match list: status tabs, the in-play flag, the prices named in Hindi', async () => {
    const live: MatchSummary = {
      _id: 'm1', sportId: 4, name: 'India v Australia', openDate: '2026-11-21T10:00:00Z', inPlay: true, status: 'inplay', competitionName: 'Test Cup', active: true,
      matchOdds: { marketId: 'mo', status: 'suspended', runners: [{ selectionId: 'a', name: 'India', back: 1.8, lay: 1.82 }, { selectionId: 'b', name: 'Australia', back: 2.2, lay: 2.24 }] },
    };
    sports.sportList.mockResolvedValue([{ sportId: 4, name: 'Cricket' }]);
    sports.messages.mockResolvedValue([]);
    sports.matchList.mockResolvedValue([live]);
    renderWithApis(
      <MemoryRouter initialEntries={['/match/4']}>
        <Routes>
          <Route path="/match/:sportId/:status?" element={<MatchBoard />} />
        </Routes>
      </MemoryRouter>,
      { sports },
    );
    const list = await screen.findByRole('list', { name: 'मैच' });
    const status = screen.getByRole('navigation', { name: 'मैच की स्थिति' });
    expect(within(status).getAllByRole('link').map((a) => a.textContent)).toEqual(['सभी', 'इन-प्ले', 'आगामी']);
    expect(screen.getByRole('navigation', { name: 'खेल' })).toBeInTheDocument();
    expect(within(list).getByText('इन-प्ले')).toBeInTheDocument();
    // The feed's names stay as they are.
    expect(within(list).getByRole('link', { name: 'India v Australia' })).toBeInTheDocument();
    const prices = within(list).getByRole('group', { name: 'India v Australia के भाव' });
    expect(within(prices).getByRole('status')).toHaveTextContent('सस्पेंड');
  });

  it('the match odds table: Back and Lay headers, price buttons, limits, rules and the suspended overlay', async () => {
    const market = buildMarket('mo', { status: 'suspended', runners: [buildRunner('a', 1.85, { name: 'India' }), buildRunner('b', 2.2, { name: 'Australia' })] });
    const { rerender } = render(<MarketLadder market={market} onRules={() => undefined} onPrice={() => undefined} />);
    expect(screen.getByRole('table', { name: 'Match Odds के भाव' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['रनर', 'बैक 3', 'बैक 2', 'बैक', 'ले', 'ले 2', 'ले 3']);
    expect(screen.getByRole('button', { name: 'India को 1.85 पर बैक करें' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'नियम: Match Odds' })).toHaveTextContent('नियम');
    expect(screen.getByRole('status')).toHaveTextContent('सस्पेंड');
    expect(screen.getByText(/^न्यूनतम .* · अधिकतम /)).toBeInTheDocument();
    rerender(<MarketLadder market={{ ...market, status: 'open' }} onRules={() => undefined} onPrice={() => undefined} />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Australia को 2.2 पर बैक करें' })).toBeEnabled();
  });

  it('the bet slip: its name, side, odds field and limits in Hindi, odds it refuses said in Hindi', async () => {
    const market = buildMarket('mo', { runners: [buildRunner('a', 1.8, { name: 'India' }), buildRunner('b', 2.2, { name: 'Australia' })] });
    renderWithApis(
      <BetSlip
        matchId="m1"
        selection={{ kind: 'runner', marketId: 'mo', selectionId: 'a', side: 'BACK', price: 1.8 }}
        market={market}
        stakeButtons={[{ label: '100', value: 100 }]}
        place={jest.fn()}
        onPlaced={jest.fn()}
        onCancel={jest.fn()}
      />,
      { bets },
    );
    const slip = screen.getByRole('form', { name: 'दांव पर्ची' });
    expect(within(slip).getByText('बैक')).toHaveClass('bl-side');
    const odds = within(slip).getByRole('textbox', { name: 'ऑड्स' });
    await userEvent.clear(odds);
    await userEvent.type(odds, '1.855');
    expect(within(slip).getByText('ऑड्स 1 से अधिक हों, अधिकतम दो दशमलव अंकों के साथ')).toBeInTheDocument();
    expect(within(slip).getByText(/^न्यूनतम .* · अधिकतम /)).toBeInTheDocument();
  });

  it('fancy sessions: the No and Yes sides and their prices in Hindi', () => {
    const fancy = buildFancy('f1', { name: '6 over runs IND', status: 'ball_running' });
    render(<FancyList fancies={[fancy]} onRules={() => undefined} onPrice={() => undefined} />);
    expect(screen.getByRole('heading', { name: 'फ़ैंसी सेशन' })).toBeInTheDocument();
    const row = screen.getByRole('listitem', { name: '6 over runs IND' });
    expect(within(row).getByRole('button', { name: new RegExp(`^नहीं: ${fancy.noRun}, रेट`) })).toBeDisabled();
    expect(within(row).getByRole('status')).toHaveTextContent('बॉल रनिंग');
  });

  it('the stake buttons\' value rules in Hindi', async () => {
    await expect(buttonValuesSchema.validate({ buttons: toRows([]).map((r, i) => (i === 0 ? { ...r, value: '0' } : r)) })).rejects.toThrow('बटन की राशि 0 से अधिक होनी चाहिए');
  });

  it('the rules pop-up in Hindi', () => {
    render(<RulesDialog type="fancy" onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'नियम: फ़ैंसी / सेशन' });
    expect(within(dialog).getByRole('heading', { name: 'सेटलमेंट' })).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'सभी मार्केट' })).toBeInTheDocument();
    // Every rule of every type is in the catalog (a key it lacks would show as its id, in Latin letters).
    const texts = [GENERAL_RULES, ...MARKET_RULES.flatMap((r) => r.blocks)].flatMap((b) => [b.heading, ...b.items]).concat(MARKET_RULES.flatMap((r) => [r.title, r.summary]));
    expect(texts.filter((text) => !/[\u0900-\u097F]/.test(text) || /^rules\./.test(text))).toEqual([]);
  });
});
