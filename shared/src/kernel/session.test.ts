import { firstValueFrom } from 'rxjs';
import type { UserInfo } from '../contracts/api';

const user: UserInfo = {
  _id: 'u1', username: 'demo-user', role: 'user', roleLabel: 'USER', sessionId: 's1',
  balance: 100, exposer: 0, changePassAndTxn: false, mustChangePassword: false, hasTransactionPassword: true, lastLoginAt: null,
};

describe('session store', () => {
  beforeEach(() => { localStorage.clear(); jest.resetModules(); });

  it('applies live balance updates to the signed-in user', async () => {
    const store = await import('./session');
    store.setUser(user);
    store.setBalance(250.5, 20);
    expect(await firstValueFrom(store.user$)).toEqual({ ...user, balance: 250.5, exposer: 20 });
  });

  it('persists hide flags under hide_bal_exp and restores them', async () => {
    const store = await import('./session');
    store.toggleHide('exposure');
    expect(JSON.parse(localStorage.getItem('hide_bal_exp') ?? '')).toEqual({ balance: false, exposure: true });
    jest.resetModules();
    const again = await import('./session');
    expect(await firstValueFrom(again.hideFlags$)).toEqual({ balance: false, exposure: true });
  });
});
