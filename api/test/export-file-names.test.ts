/**
 * The days in an export's file name are the days its screen showed (ADR 0067), in India's
 * calendar. The screens send a range as the first and last millisecond of the chosen days in the
 * browser's time, so an Indian browser's "from 22/11/2026" reaches the API as
 * '2026-11-21T18:30:00.000Z'; the file must still say 2026-11-22. A list without dates is named
 * after today, India's today: at 01:30 IST on 29 Nov it is still the 28th in UTC.
 */
import { createChain, createPlayer, type Chain, type Player } from './bet-reports-helper';
import { download } from './exports-helper';
import { buildTestApp, FakeClock, type TestContext } from './helper';

/** 29 Nov 2026, 01:30 IST: 28 Nov in UTC. */
const NOW_MS = Date.parse('2026-11-28T20:00:00.000Z');
/** An Indian browser's 22/11/2026 – 29/11/2026 (localDayBound of each day, as ISO instants). */
const IST_FILTER = { startDate: '2026-11-21T18:30:00.000Z', endDate: '2026-11-29T18:29:59.999Z' };

let t: TestContext;
let chain: Chain;
let player: Player;

beforeAll(async () => {
  t = await buildTestApp({ clock: new FakeClock(NOW_MS) });
  chain = await createChain(t);
  player = await createPlayer(t, chain.agents.dl.id);
}, 60_000);
afterAll(() => t.close());

const fileName = async (token: string, url: string) => {
  const file = await download(t, token, url);
  expect(file.status).toBe(200);
  return file.headers['content-disposition'];
};

describe('the days of an export file name', () => {
  it('account statement: the IST days of the filter the screen sent', async () => {
    const query = new URLSearchParams({ username: player.user.username, ...IST_FILTER }).toString();
    expect(await fileName(chain.tokens.dl, `/api/account-statement/export?${query}`)).toBe(
      `attachment; filename="account-statement_${player.user.username}_2026-11-22_2026-11-29.csv"`,
    );
  });

  it('account statement: plain days are named as given', async () => {
    expect(await fileName(player.token, '/api/account-statement/export?startDate=2026-11-22&endDate=2026-11-29')).toBe(
      `attachment; filename="account-statement_${player.user.username}_2026-11-22_2026-11-29.csv"`,
    );
  });

  it('deposit and withdraw statements: the IST days of the filter the screen sent', async () => {
    const query = new URLSearchParams({ type: 'withdraw', reportType: 'all', ...IST_FILTER }).toString();
    expect(await fileName(chain.tokens.dl, `/api/get-deposit-withdraw-list/export?${query}`)).toBe(
      `attachment; filename="withdraw-statement_${chain.agents.dl.username}_2026-11-22_2026-11-29.csv"`,
    );
  });

  it('bet history and profit and loss: a date-time filter by its IST days too', async () => {
    const query = new URLSearchParams({ from: IST_FILTER.startDate, to: IST_FILTER.endDate }).toString();
    expect(await fileName(player.token, `/api/bet-history/export?${query}`)).toBe(
      `attachment; filename="bet-history_${player.user.username}_2026-11-22_2026-11-29.csv"`,
    );
    expect(await fileName(player.token, `/api/profit-loss/export?${query}`)).toBe(
      `attachment; filename="profit-loss_${player.user.username}_2026-11-22_2026-11-29.csv"`,
    );
  });

  it('unsettled bets and the client list: named after India\'s today', async () => {
    expect(await fileName(player.token, '/api/unsettled-bets/export?type=matched')).toBe(
      `attachment; filename="unsettled-bets_${player.user.username}_2026-11-29.csv"`,
    );
    expect(await fileName(chain.tokens.dl, '/api/list-clients/export?search=')).toBe(
      `attachment; filename="client-list_${chain.agents.dl.username}_2026-11-29.csv"`,
    );
  });
});
