/** News lines as players and admins read them, and stake buttons per user. */
import { DEFAULT_BUTTON_VALUES, MESSAGES, type ButtonValue, type NewsMessage } from '@backlay/shared/contracts';
import { body, buildTestApp, type TestContext } from './helper';

let t: TestContext;
let admin: string;
let player: string;
let otherPlayer: string;
let agent: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await t.login(await t.createUser({ role: 'sadmin' }))).token;
  player = (await t.login(await t.createUser({ role: 'user' }))).token;
  otherPlayer = (await t.login(await t.createUser({ role: 'user' }))).token;
  agent = (await t.login(await t.createUser({ role: 'dl' }))).token;
});
afterAll(() => t.close());

const call = async <T>(method: 'GET' | 'POST', url: string, token: string, payload?: object) => {
  const response = await t.request({ method, url, token, ...(payload !== undefined ? { payload } : {}) });
  return { status: response.statusCode, ...body<{ data: T; message: string }>(response) };
};

describe('news lines', () => {
  it('players and agents read the active lines, newest first; admin and sadmin read them all', async () => {
    const first = await call<NewsMessage>('POST', '/api/save-message', admin, { text: 'Cricket cup starts today', active: true });
    const hidden = await call<NewsMessage>('POST', '/api/save-message', admin, { text: 'Draft: maintenance at midnight', active: false });
    const second = await call<NewsMessage>('POST', '/api/save-message', admin, { text: 'Soccer specials', active: true });
    expect(first.data).toEqual({ _id: expect.any(String), text: 'Cricket cup starts today', active: true, createdAt: expect.any(String), siteId: 'backlay' });
    for (const token of [player, agent]) {
      const { data } = await call<NewsMessage[]>('GET', '/api/get-messages', token);
      expect(data.map((m) => m._id)).toEqual([second.data._id, first.data._id]);
    }
    const all = await call<NewsMessage[]>('GET', '/api/get-messages', admin);
    expect(all.data.map((m) => m._id)).toEqual([second.data._id, hidden.data._id, first.data._id]);

    const shown = await call<NewsMessage>('POST', '/api/update-message', admin, { _id: hidden.data._id, text: 'Maintenance at midnight', active: true });
    expect(shown).toMatchObject({ status: 200, message: MESSAGES.messageUpdated, data: { text: 'Maintenance at midnight', active: true } });
    expect((await call<NewsMessage[]>('GET', '/api/get-messages', player)).data).toHaveLength(3);
  });

  it.each([
    ['blank text', '/api/save-message', { text: '   ', active: true }, 400, MESSAGES.messageTextRequired],
    ['501 characters', '/api/save-message', { text: 'x'.repeat(501), active: true }, 400, MESSAGES.messageTextTooLong],
    ['no active flag', '/api/save-message', { text: 'no flag' }, 400, 'active is required'],
    ['an unknown line', '/api/update-message', { _id: '00000000-0000-4000-8000-000000000000', active: true }, 404, MESSAGES.messageNotFound],
    ['no change', '/api/update-message', { _id: '00000000-0000-4000-8000-000000000000' }, 400, MESSAGES.nothingToUpdate],
    ['a malformed id', '/api/update-message', { _id: 'not-a-uuid', active: true }, 400, '_id must match format "uuid"'],
  ])('%s: %s → %i %s', async (_case, url, payload, status, message) => {
    expect(await call('POST', url, admin, payload)).toMatchObject({ status, message });
  });
});

describe('button values', () => {
  it('a user without saved buttons gets the defaults', async () => {
    const { status, data } = await call<ButtonValue[]>('GET', '/api/get-button-values', player);
    expect(status).toBe(200);
    expect(data).toEqual(DEFAULT_BUTTON_VALUES);
    expect(data.map((b) => b.value)).toEqual([100, 500, 1_000, 5_000, 10_000, 25_000, 50_000, 100_000]);
  });

  it('saved buttons belong to their user alone and replace the previous ones', async () => {
    const mine = [
      { label: '2K', value: 2_000 },
      { label: ' Max ', value: 250_000 },
    ];
    expect(await call('POST', '/api/save-button-values', player, { buttons: mine })).toEqual({
      status: 200,
      data: [
        { label: '2K', value: 2_000 },
        { label: 'Max', value: 250_000 },
      ],
      message: MESSAGES.buttonValuesSaved,
    });
    expect((await call<ButtonValue[]>('GET', '/api/get-button-values', player)).data).toEqual([
      { label: '2K', value: 2_000 },
      { label: 'Max', value: 250_000 },
    ]);
    expect((await call<ButtonValue[]>('GET', '/api/get-button-values', otherPlayer)).data).toEqual(DEFAULT_BUTTON_VALUES);
    await call('POST', '/api/save-button-values', player, { buttons: [{ label: '1', value: 1 }] });
    expect((await call<ButtonValue[]>('GET', '/api/get-button-values', player)).data).toEqual([{ label: '1', value: 1 }]);
  });

  it.each([
    [{ buttons: [] }, MESSAGES.buttonValuesRequired],
    [{ buttons: Array.from({ length: 11 }, () => ({ label: 'b', value: 100 })) }, MESSAGES.buttonValuesTooMany],
    [{ buttons: [{ label: '', value: 100 }] }, MESSAGES.buttonLabelRequired],
    [{ buttons: [{ label: 'abcdefghijk', value: 100 }] }, MESSAGES.buttonLabelTooLong],
    [{ buttons: [{ label: 'x', value: 10.5 }] }, MESSAGES.buttonValueInvalid],
    [{ buttons: [{ label: 'x', value: 0 }] }, MESSAGES.buttonValueInvalid],
    [{}, 'buttons is required'],
  ])('%j → 400 %s', async (payload, message) => {
    expect(await call('POST', '/api/save-button-values', otherPlayer, payload)).toMatchObject({ status: 400, message });
    expect((await call<ButtonValue[]>('GET', '/api/get-button-values', otherPlayer)).data).toEqual(DEFAULT_BUTTON_VALUES);
  });

  it('agents have their own buttons too; a token is required', async () => {
    expect((await call('POST', '/api/save-button-values', agent, { buttons: [{ label: '5K', value: 5_000 }] })).status).toBe(200);
    expect((await call<ButtonValue[]>('GET', '/api/get-button-values', agent)).data).toEqual([{ label: '5K', value: 5_000 }]);
    expect((await t.request({ method: 'GET', url: '/api/get-button-values' })).statusCode).toBe(401);
  });
});
