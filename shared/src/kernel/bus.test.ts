import { notify, on, publish } from './bus';

describe('event bus', () => {
  it('delivers a payload only to subscribers of its type', () => {
    const balances: unknown[] = [];
    const notices: unknown[] = [];
    const a = on('wallet.balanceChanged').subscribe((p) => balances.push(p));
    const b = on('ui.notify').subscribe((p) => notices.push(p));
    publish('wallet.balanceChanged', { balance: 10.5, exposer: 0 });
    notify('error', 'boom');
    a.unsubscribe();
    b.unsubscribe();
    publish('wallet.balanceChanged', { balance: 1, exposer: 1 });
    expect(balances).toEqual([{ balance: 10.5, exposer: 0 }]);
    expect(notices).toEqual([{ kind: 'error', message: 'boom' }]);
  });
});
