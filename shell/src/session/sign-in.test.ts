import { authApi, ROUTES, securityApi, type LoginResponse, type UserInfo } from '@backlay/shared';
import { completeLogin } from './session';
import { signIn, signInWithCode } from './sign-in';

jest.mock('./session', () => ({ completeLogin: jest.fn() }));
const completeLoginMock = completeLogin as jest.MockedFunction<typeof completeLogin>;

const session = (role: LoginResponse['role']): LoginResponse => ({
  token: 't', refreshToken: 'r', role, _id: 'u1', username: 'someone', sessionId: 's1', changePassAndTxn: false, lastLoginAt: null,
});
const info = (role: UserInfo['role']): UserInfo => ({
  _id: 'u1', username: 'someone', role, roleLabel: role, sessionId: 's1', balance: 0, exposer: 0,
  changePassAndTxn: false, mustChangePassword: false, hasTransactionPassword: true, lastLoginAt: null,
});

describe('signIn with two-factor', () => {
  beforeEach(() => {
    completeLoginMock.mockReset();
    Object.defineProperty(window, 'matchMedia', { configurable: true, value: () => ({ matches: false }) });
  });
  afterEach(() => jest.restoreAllMocks());

  it('answers the challenge and starts no session when the code is still due', async () => {
    jest.spyOn(authApi, 'login').mockResolvedValue({ data: { twoFactorRequired: true, challenge: 'ch', expiresInSec: 300 }, message: 'code' });
    await expect(signIn('player', { username: ' someone ', password: 'p' })).resolves.toEqual({ challenge: 'ch' });
    expect(authApi.login).toHaveBeenCalledWith({ username: 'someone', password: 'p' });
    expect(completeLoginMock).not.toHaveBeenCalled();
  });

  it('the second step starts the session with the trimmed code and lands as usual', async () => {
    jest.spyOn(securityApi, 'loginTwoFactor').mockResolvedValue({ data: session('user'), message: 'ok' });
    completeLoginMock.mockResolvedValue(info('user'));
    await expect(signInWithCode('player', 'ch', ' 123456 ')).resolves.toBe(ROUTES.home.path);
    expect(securityApi.loginTwoFactor).toHaveBeenCalledWith({ challenge: 'ch', code: '123456' });
  });

  it('sends an agent whose role must use two-factor, and has none, to the set-up', async () => {
    jest.spyOn(authApi, 'loginAdmin').mockResolvedValue({ data: session('dl'), message: 'ok' });
    completeLoginMock.mockResolvedValue(info('dl'));
    const status = jest.spyOn(securityApi, 'status').mockResolvedValue({ enabled: false, pending: false, recoveryCodesLeft: 0, required: true });
    await expect(signIn('admin', { username: 'agent', password: 'p' })).resolves.toBe(ROUTES.adminSecurityAuth.path);
    status.mockResolvedValue({ enabled: true, pending: false, recoveryCodesLeft: 10, required: true });
    await expect(signIn('admin', { username: 'agent', password: 'p' })).resolves.toBe(ROUTES.adminHome.path);
  });
});
