import type { AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { on } from './bus';
import { MESSAGES } from '../contracts/messages';
import { clearSignOut, signOutNotice } from './sign-out';
import { writeCredentials } from './storage';
import { createApiClient, type ApiClientEnv } from './client';
import { createAuthApi } from '../account/auth-api';
import { ApiError } from './errors';
import { createExportApi } from './export-api';

type Reply = { status: number; body: unknown };
type Handler = (config: InternalAxiosRequestConfig) => Reply;

function setup(pathname: string, handler: Handler) {
  const seen: InternalAxiosRequestConfig[] = [];
  const env: ApiClientEnv & { navigate: jest.Mock; reload: jest.Mock } = {
    baseURL: '/api',
    pathname: () => pathname,
    navigate: jest.fn(),
    reload: jest.fn(),
    adapter: async (config) => {
      seen.push(config);
      const { status, body } = handler(config);
      const response: AxiosResponse = { data: body, status, statusText: String(status), headers: {}, config };
      if (status >= 400) {
        const { AxiosError } = await import('axios');
        throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', config, null, response);
      }
      return response;
    },
  };
  const client = createApiClient(env);
  return { client, env, seen, auth: createAuthApi(client) };
}

const info = { _id: 'u1', username: 'u', role: 'user', roleLabel: 'USER', sessionId: 's', balance: 1, exposer: 0, changePassAndTxn: false, mustChangePassword: false, hasTransactionPassword: true, lastLoginAt: null };

describe('API client', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('sends the player token on player paths and the admin token on admin paths', async () => {
    writeCredentials('player', { token: 'player-token' });
    writeCredentials('admin', { token: 'admin-token' });
    const player = setup('/dashbaord', () => ({ status: 200, body: { data: info, message: '' } }));
    await player.auth.userInfo();
    expect(player.seen[0].headers.Authorization).toBe('Bearer player-token');
    const admin = setup('/admin/list-clients', () => ({ status: 200, body: { data: info, message: '' } }));
    await admin.auth.userInfo();
    expect(admin.seen[0].headers.Authorization).toBe('Bearer admin-token');
  });

  it('sends a call without first reading an XSRF cookie (bearer tokens only: no round trip to the Cookie Store, ADR 0085)', async () => {
    const get = jest.fn(async () => null);
    Object.defineProperty(window, 'cookieStore', { value: { get }, configurable: true });
    // The request goes no further than send(): it fails there, as with no network.
    const send = jest.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(function (this: XMLHttpRequest) {
      this.onerror?.(new ProgressEvent('error'));
    });
    try {
      const client = createApiClient({ baseURL: '/api', pathname: () => '/', navigate: jest.fn(), reload: jest.fn() });
      await client.data.get('/get-sport-list').catch(() => undefined);
      expect(send).toHaveBeenCalledTimes(1);
      expect(get).not.toHaveBeenCalled();
    } finally {
      send.mockRestore();
      delete (window as { cookieStore?: unknown }).cookieStore;
    }
  });

  it('uses 50 s for main calls and 10 s for data calls', () => {
    const { client } = setup('/', () => ({ status: 200, body: {} }));
    expect(client.main.defaults.timeout).toBe(50_000);
    expect(client.data.defaults.timeout).toBe(10_000);
  });

  it('surfaces the server message as an ApiError', async () => {
    const { auth } = setup('/login', () => ({ status: 401, body: { data: { code: 'INVALID_CREDENTIALS' }, message: 'Invalid username or password' } }));
    await expect(auth.login({ username: 'x', password: 'y' })).rejects.toMatchObject({ message: 'Invalid username or password', status: 401, code: 'INVALID_CREDENTIALS', silent: false });
  });

  it("marks 'No auth token' as silent and does not log out", async () => {
    const { auth, env } = setup('/', () => ({ status: 401, body: { data: { code: 'NO_AUTH_TOKEN' }, message: 'No auth token' } }));
    const error = await auth.userInfo().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).silent).toBe(true);
    expect(env.reload).not.toHaveBeenCalled();
  });

  it('decides on the error code, not the text: an unknown 401 with the words "jwt expired" is not refreshed', async () => {
    writeCredentials('player', { token: 'old', refreshToken: 'r1' });
    const { auth, env, seen } = setup('/', () => ({ status: 401, body: { data: { code: 'TOKEN_INVALID' }, message: 'jwt expired' } }));
    await expect(auth.userInfo()).rejects.toMatchObject({ code: 'TOKEN_INVALID' });
    expect(seen.map((c) => c.url)).toEqual(['/user-info']);
    expect(env.reload).toHaveBeenCalledTimes(1);
  });

  it("refreshes once on 'jwt expired' and retries the call with the new token", async () => {
    writeCredentials('player', { token: 'old', refreshToken: 'r1' });
    const { auth, seen } = setup('/', (config) => {
      if (config.url === '/refresh-token') return { status: 200, body: { data: { token: 'new', refreshToken: 'r2' }, message: '' } };
      if (config.headers.Authorization === 'Bearer old') return { status: 401, body: { data: { code: 'TOKEN_EXPIRED' }, message: 'jwt expired' } };
      return { status: 200, body: { data: info, message: '' } };
    });
    await expect(auth.userInfo()).resolves.toEqual(info);
    expect(seen.map((c) => c.url)).toEqual(['/user-info', '/refresh-token', '/user-info']);
    expect(JSON.parse(seen[1].data as string)).toEqual({ token: 'r1' });
    expect(localStorage.getItem('token')).toBe('new');
    expect(localStorage.getItem('refreshToken')).toBe('r2');
  });

  it('a CSV export (bytes): refreshed once on an expired token, its file name and BOM kept, a refusal read from its bytes', async () => {
    writeCredentials('admin', { token: 'old', refreshToken: 'r1' });
    const bytes = (value: unknown) => new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value)).buffer;
    const { client, seen } = setup('/admin/accountstatement', (config) => {
      if (config.url === '/refresh-token') return { status: 200, body: { data: { token: 'new', refreshToken: 'r2' }, message: '' } };
      if (config.headers.Authorization === 'Bearer old') return { status: 401, body: bytes({ data: { code: 'TOKEN_EXPIRED' }, message: 'jwt expired' }) };
      if (config.params.username === 'stranger') return { status: 404, body: bytes({ data: { code: 'NOT_FOUND' }, message: 'No such account in your downline' }) };
      return { status: 200, body: bytes('\uFEFFDate\r\n') };
    });
    const exportApi = createExportApi(client);
    const file = await exportApi.csv('account-statement', { username: 'alpha', startDate: 'a', endDate: undefined });
    expect(seen.map((c) => c.url)).toEqual(['/account-statement/export', '/refresh-token', '/account-statement/export']);
    expect(seen[2].params).toEqual({ username: 'alpha', startDate: 'a' });
    expect(seen[2].responseType).toBe('arraybuffer');
    expect(file.fileName).toBe('account-statement.csv');
    // The bytes as sent: the BOM's three and "Date\r\n" (a text decoding would have dropped the BOM).
    expect([file.blob.size, file.blob.type]).toEqual([9, 'text/csv;charset=utf-8']);
    await expect(exportApi.csv('account-statement', { username: 'stranger' })).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'No such account in your downline' });
  });

  it('shares one refresh between concurrent expired calls', async () => {
    writeCredentials('player', { token: 'old', refreshToken: 'r1' });
    const { auth, seen } = setup('/', (config) => {
      if (config.url === '/refresh-token') return { status: 200, body: { data: { token: 'new', refreshToken: 'r2' }, message: '' } };
      if (config.headers.Authorization === 'Bearer old') return { status: 401, body: { data: { code: 'TOKEN_EXPIRED' }, message: 'jwt expired' } };
      return { status: 200, body: { data: info, message: '' } };
    });
    await Promise.all([auth.userInfo(), auth.userInfo(), auth.userInfo()]);
    expect(seen.filter((c) => c.url === '/refresh-token')).toHaveLength(1);
  });

  it('logs out and reloads when the refresh fails', async () => {
    writeCredentials('admin', { token: 'old', refreshToken: 'r1', userType: 'admin' });
    writeCredentials('player', { token: 'keep' });
    const ended: unknown[] = [];
    const sub = on('session.ended').subscribe((e) => ended.push(e));
    const { auth, env } = setup('/admin', (config) =>
      config.url === '/refresh-token'
        ? { status: 401, body: { data: null, message: 'Refresh token is invalid or expired' } }
        : { status: 401, body: { data: { code: 'TOKEN_EXPIRED' }, message: 'jwt expired' } },
    );
    await expect(auth.userInfo()).rejects.toBeInstanceOf(ApiError);
    sub.unsubscribe();
    expect(env.reload).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('token-admin')).toBeNull();
    expect(localStorage.getItem('refreshToken-admin')).toBeNull();
    expect(localStorage.getItem('token')).toBe('keep');
    expect(ended).toEqual([{ area: 'admin', reason: 'expired' }]);
  });

  it("logs out and reloads on 'jwt malformed' without refreshing", async () => {
    writeCredentials('player', { token: 'bad', refreshToken: 'r1' });
    const { auth, env, seen } = setup('/', () => ({ status: 401, body: { data: null, message: 'jwt malformed' } }));
    await expect(auth.userInfo()).rejects.toBeInstanceOf(ApiError);
    expect(seen.map((c) => c.url)).toEqual(['/user-info']);
    expect(env.reload).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it.each([
    ['SESSION_SIGNED_OUT', MESSAGES.sessionSignedOut],
    ['SESSION_REVOKED', MESSAGES.sessionRevoked],
    ['SESSION_PASSWORD_CHANGED', MESSAGES.sessionPasswordChanged],
    ['SESSION_ENDED', MESSAGES.sessionEnded],
  ])('a 401 %s logs out and the sign-in page will say why, from the code', async (code, message) => {
    sessionStorage.clear();
    writeCredentials('player', { token: 't', refreshToken: 'r' });
    const { auth, env } = setup('/', () => ({ status: 401, body: { data: { code }, message } }));
    await expect(auth.userInfo()).rejects.toMatchObject({ code, message });
    expect(env.reload).toHaveBeenCalledTimes(1);
    expect(signOutNotice('player')).toBe(message);
  });

  it('a refresh refused with a session-end code keeps that reason too', async () => {
    sessionStorage.clear();
    writeCredentials('player', { token: 'old', refreshToken: 'r1' });
    const { auth } = setup('/', (config) =>
      config.url === '/refresh-token'
        ? { status: 401, body: { data: { code: 'SESSION_REVOKED' }, message: 'revoked: why' } }
        : { status: 401, body: { data: { code: 'TOKEN_EXPIRED' }, message: 'jwt expired' } },
    );
    await expect(auth.userInfo()).rejects.toMatchObject({ code: 'SESSION_REVOKED' });
    expect(signOutNotice('player')).toBe(MESSAGES.sessionRevoked);
  });

  it("an expired or malformed token keeps no reason ('jwt malformed' says nothing to a user)", async () => {
    sessionStorage.clear();
    writeCredentials('player', { token: 'bad', refreshToken: 'r1' });
    const { auth } = setup('/', () => ({ status: 401, body: { data: { code: 'TOKEN_INVALID' }, message: 'jwt malformed' } }));
    await expect(auth.userInfo()).rejects.toBeInstanceOf(ApiError);
    expect(signOutNotice('player')).toBeNull();
  });

  it('renewToken refreshes now, stores the new pair and shares the refresh with expired HTTP calls', async () => {
    writeCredentials('player', { token: 'old', refreshToken: 'r1' });
    const { client, auth, seen } = setup('/', (config) => {
      if (config.url === '/refresh-token') return { status: 200, body: { data: { token: 'new', refreshToken: 'r2' }, message: '' } };
      if (config.headers.Authorization === 'Bearer old') return { status: 401, body: { data: { code: 'TOKEN_EXPIRED' }, message: 'jwt expired' } };
      return { status: 200, body: { data: info, message: '' } };
    });
    const [token] = await Promise.all([client.renewToken(), auth.userInfo()]);
    expect(token).toBe('new');
    expect(localStorage.getItem('token')).toBe('new');
    expect(localStorage.getItem('refreshToken')).toBe('r2');
    expect(seen.filter((c) => c.url === '/refresh-token')).toHaveLength(1);
  });

  it('renewToken refused with 401 ends the session and keeps the reason', async () => {
    sessionStorage.clear();
    writeCredentials('player', { token: 'old', refreshToken: 'r1' });
    const { client, env } = setup('/', () => ({ status: 401, body: { data: { code: 'SESSION_SIGNED_OUT' }, message: 'signed out' } }));
    await expect(client.renewToken()).rejects.toMatchObject({ code: 'SESSION_SIGNED_OUT' });
    expect(env.reload).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('token')).toBeNull();
    expect(signOutNotice('player')).toBe(MESSAGES.sessionSignedOut);
  });

  it('on the maintenance flag logs out and goes to the maintenance page', async () => {
    writeCredentials('player', { token: 't', refreshToken: 'r' });
    const { auth, env } = setup('/', () => ({ status: 503, body: { data: { code: 'MAINTENANCE', maintenance: true }, message: 'Under maintenance' } }));
    await expect(auth.userInfo()).rejects.toMatchObject({ code: 'MAINTENANCE' });
    expect(env.navigate).toHaveBeenCalledWith('/maintenance');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('a locked account (403 ACCOUNT_LOCKED on a signed-in call) ends the session and the login page will say why', async () => {
    writeCredentials('player', { token: 't', refreshToken: 'r' });
    const ended: unknown[] = [];
    const sub = on('session.ended').subscribe((e) => ended.push(e));
    const { auth, env } = setup('/', () => ({ status: 403, body: { data: { code: 'ACCOUNT_LOCKED' }, message: MESSAGES.accountLocked } }));
    await expect(auth.userInfo()).rejects.toMatchObject({ code: 'ACCOUNT_LOCKED' });
    sub.unsubscribe();
    expect(localStorage.getItem('token')).toBeNull();
    expect(env.reload).toHaveBeenCalledTimes(1);
    expect(ended).toEqual([{ area: 'player', reason: 'locked' }]);
    expect(signOutNotice('player')).toBe(MESSAGES.signedOutLocked);
    expect(signOutNotice('admin')).toBeNull();
    clearSignOut('player');
    expect(signOutNotice('player')).toBeNull();
  });

  it('a 401 SESSION_ENDED with a reason (unlocked since, or a password reset) keeps the reason for the login page', async () => {
    writeCredentials('admin', { token: 't', refreshToken: 'r' });
    const { auth } = setup('/admin', () => ({
      status: 401,
      body: { data: { code: 'SESSION_ENDED', reason: 'password_reset' }, message: MESSAGES.sessionEndedPasswordReset },
    }));
    await expect(auth.userInfo()).rejects.toBeInstanceOf(ApiError);
    expect(signOutNotice('admin')).toBe(MESSAGES.signedOutPasswordReset);
  });

  it('a refresh refused because the account is locked ends the session once, as locked', async () => {
    writeCredentials('player', { token: 'old', refreshToken: 'r1' });
    const ended: unknown[] = [];
    const sub = on('session.ended').subscribe((e) => ended.push(e));
    const { auth, env } = setup('/', (config) =>
      config.url === '/refresh-token'
        ? { status: 403, body: { data: { code: 'ACCOUNT_LOCKED' }, message: MESSAGES.accountLocked } }
        : { status: 401, body: { data: { code: 'TOKEN_EXPIRED' }, message: 'jwt expired' } },
    );
    await expect(auth.userInfo()).rejects.toBeInstanceOf(ApiError);
    sub.unsubscribe();
    expect(ended).toEqual([{ area: 'player', reason: 'locked' }]);
    expect(env.reload).toHaveBeenCalledTimes(1);
    expect(signOutNotice('player')).toBe(MESSAGES.signedOutLocked);
  });

  it('a sign-in refused because the account is locked is not a sign-out (no token was sent)', async () => {
    const { auth, env } = setup('/login', () => ({ status: 403, body: { data: { code: 'ACCOUNT_LOCKED' }, message: MESSAGES.accountLocked } }));
    await expect(auth.login({ username: 'u', password: 'p' })).rejects.toMatchObject({ message: MESSAGES.accountLocked });
    expect(env.reload).not.toHaveBeenCalled();
    expect(signOutNotice('player')).toBeNull();
  });
});
