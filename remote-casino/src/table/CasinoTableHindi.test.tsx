import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { BehaviorSubject } from 'rxjs';
import { initialCasinoTableState, setLanguage, type CasinoRoundView, type CasinoTableState } from '@backlay/shared';
import { buildCasinoBet, buildCasinoRound, buildCasinoTable, fakeBets, fakeCasino, fakeCasinoLive, fakeSports, renderWithApis, withMocks } from '@backlay/shared/testing';
import { CasinoTablePage } from './CasinoTablePage';

/**
 * A player plays a table in Hindi (issue 36): the round and its countdown, the felt's boxes, the
 * prices, the slip and the player's bets say the casino catalog's Hindi; the names the API gives
 * (the table's title, its runners) stay as sent.
 */
const api = withMocks(fakeCasino, 'table', 'bets', 'round', 'results', 'roundCards');
const live = withMocks(fakeCasinoLive, 'watchTable');
const bets = withMocks(fakeBets, 'placeBet');
const buttons = withMocks(fakeSports, 'buttonValues');
const apis = { casino: api, casinoLive: live, sports: buttons, bets };

const SERVER_NOW = Date.parse('2026-11-21T10:00:00.000Z');
let feed: BehaviorSubject<CasinoTableState>;

function serverSends(round: CasinoRoundView) {
  act(() => feed.next({ matchId: 'm-dt20', seq: 1, status: 'live', round, isDisable: false, phase: null, clockOffsetMs: Date.parse(round.serverTime) - Date.now() }));
}

beforeEach(async () => {
  jest.resetAllMocks();
  jest.useFakeTimers({ now: SERVER_NOW, advanceTimers: true });
  feed = new BehaviorSubject(initialCasinoTableState('m-dt20'));
  live.watchTable.mockImplementation(() => feed.asObservable());
  api.table.mockResolvedValue(buildCasinoTable());
  api.bets.mockResolvedValue({ rows: [buildCasinoBet('b0', { selectionId: 'tiger', selectionName: 'Tiger', stake: 50 })], page: 1, pageSize: 100, total: 1 });
  buttons.buttonValues.mockResolvedValue([{ label: '100', value: 100 }]);
  await act(() => setLanguage('hi'));
});

afterEach(async () => {
  jest.useRealTimers();
  await act(() => setLanguage('en'));
});

it('shows a table, its countdown, the felt, the prices, the slip and my bets in Hindi', async () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  renderWithApis(
    <MemoryRouter initialEntries={['/casino/dt20/m-dt20']}>
      <Routes>
        <Route path="/casino/:slug/:matchId" element={<CasinoTablePage />} />
      </Routes>
    </MemoryRouter>,
    apis,
  );
  expect(await screen.findByRole('heading', { name: 'Dragon Tiger 20-20', level: 1 })).toBeInTheDocument();
  serverSends(buildCasinoRound());
  expect(screen.getByText('लाइव')).toBeInTheDocument();
  expect(screen.getByTestId('round-id').parentElement).toHaveTextContent('राउंड r1');
  expect(screen.getByRole('timer')).toHaveTextContent(/^दांव \d+ सेकंड में बंद होंगे$/);

  // The felt names its boxes in Hindi; the cards come when betting closes.
  const felt = screen.getByRole('region', { name: 'कार्ड' });
  expect(within(felt).getByRole('group', { name: 'ड्रैगन' })).toBeInTheDocument();
  expect(within(felt).getByRole('group', { name: 'टाइगर' })).toBeInTheDocument();
  expect(felt).toHaveTextContent('दांव बंद होने पर कार्ड बाँटे जाएँगे।');

  // The market (its name and runners are the API's) with the words around them in Hindi.
  const market = screen.getByRole('region', { name: 'Winner' });
  expect(within(market).getByRole('columnheader', { name: 'बैक' })).toBeInTheDocument();
  expect(market).toHaveTextContent('न्यूनतम');
  await user.click(within(market).getByRole('button', { name: 'ड्रैगन पर बैक, भाव 1.98' }));

  const slip = screen.getByRole('form', { name: 'बेट स्लिप' });
  expect(slip).toHaveTextContent('बैक ड्रैगन Winner भाव 1.98');
  expect(slip).toHaveTextContent('न्यूनतम 100.00 · अधिकतम 50,000.00');

  const mine = await screen.findByRole('table', { name: 'इस राउंड पर मेरे दांव' });
  expect(within(mine).getByRole('columnheader', { name: 'स्टेक' })).toBeInTheDocument();
  await waitFor(() => expect(within(mine).getByRole('rowheader', { name: /बैक टाइगर/ })).toBeInTheDocument());
  expect(within(mine).getByText('खुला')).toBeInTheDocument();

  expect(screen.getByRole('navigation', { name: 'पिछले परिणाम' })).toHaveTextContent('सभी परिणाम');
  expect(screen.getByRole('button', { name: 'राउंड r0: टाइगर' })).toBeInTheDocument();
  expect(screen.getByText('नियम और भुगतान')).toBeInTheDocument();
});

it('says the round closed, then the winner, in Hindi', async () => {
  renderWithApis(
    <MemoryRouter initialEntries={['/casino/dt20/m-dt20']}>
      <Routes>
        <Route path="/casino/:slug/:matchId" element={<CasinoTablePage />} />
      </Routes>
    </MemoryRouter>,
    apis,
  );
  await screen.findByRole('heading', { name: 'Dragon Tiger 20-20', level: 1 });
  serverSends(buildCasinoRound({ status: 'SETTLED', win: '2', rdesc: 'Tiger#No', cards: ['8DD', 'KDD'], hands: { dragon: ['8DD'], tiger: ['KDD'] } }));
  expect(screen.getByText('सेटल हुआ · टाइगर')).toBeInTheDocument();
  const felt = screen.getByRole('region', { name: 'कार्ड' });
  expect(within(felt).getByRole('group', { name: 'टाइगर, जीता' })).toBeInTheDocument();
  expect(within(felt).getByRole('img', { name: 'ईंट का बादशाह' })).toBeInTheDocument();
  expect(within(felt).getByRole('img', { name: 'ईंट का 8' })).toBeInTheDocument();
  expect(within(screen.getByRole('region', { name: 'Winner' })).getByRole('status')).toHaveTextContent('दांव बंद');
});
