import { act, render, screen } from '@testing-library/react';
import { RG_LIMIT_TYPES, type ResponsibleGamblingView, type UserInfo } from '../contracts/index';
import { ApisProvider } from '../kernel/apis';
import { publish } from '../kernel/bus';
import { setUser } from '../kernel/session';
import { fakeApis, fakeResponsibleGambling, withMocks } from '../testing/fakes';
import { exclusionInForce, limitInForce, useResponsibleGambling } from './use-responsible-gambling';

const NOW = Date.parse('2026-11-28T12:00:00.000Z');
const view = (stake: ResponsibleGamblingView['limits'][number], exclusion: ResponsibleGamblingView['exclusion'] = null): ResponsibleGamblingView => ({
  limits: RG_LIMIT_TYPES.map((type) => (type === 'stake' ? stake : { type, amount: null, pending: null })),
  realityCheckMinutes: null,
  exclusion,
});

describe('the settings in force', () => {
  it('reads a limit, and a pending raise or removal from its time on', () => {
    expect(limitInForce(null, 'stake', NOW)).toBeNull();
    expect(limitInForce(view({ type: 'stake', amount: 500, pending: null }), 'stake', NOW)).toBe(500);
    expect(limitInForce(view({ type: 'stake', amount: 500, pending: null }), 'loss_day', NOW)).toBeNull();
    const raise = view({ type: 'stake', amount: 500, pending: { amount: 2000, effectiveAt: '2026-11-28T12:00:00.000Z' } });
    expect(limitInForce(raise, 'stake', NOW - 1)).toBe(500);
    expect(limitInForce(raise, 'stake', NOW)).toBe(2000);
    expect(limitInForce(view({ type: 'stake', amount: 500, pending: { amount: null, effectiveAt: '2026-11-28T11:00:00.000Z' } }), 'stake', NOW)).toBeNull();
  });

  it('reads an exclusion until it ends', () => {
    const timeOut = { kind: 'time_out' as const, startsAt: '2026-11-27T12:00:00.000Z', endsAt: '2026-11-28T12:00:00.000Z' };
    const v = view({ type: 'stake', amount: null, pending: null }, timeOut);
    expect(exclusionInForce(v, NOW - 1)).toEqual(timeOut);
    expect(exclusionInForce(v, NOW)).toBeNull();
    expect(exclusionInForce(null, NOW)).toBeNull();
  });
});

describe('useResponsibleGambling: one read per page per player', () => {
  const responsibleGambling = withMocks(fakeResponsibleGambling, 'own');
  const apis = fakeApis({ responsibleGambling });
  const stakeLimit = (amount: number | null): ResponsibleGamblingView => ({
    limits: RG_LIMIT_TYPES.map((type) => ({ type, amount: type === 'stake' ? amount : null, pending: null })),
    realityCheckMinutes: null,
    exclusion: null,
  });
  const player = (id: string): UserInfo => ({
    _id: id, username: id, role: 'user', roleLabel: 'USER', sessionId: `s-${id}`, balance: 0, exposer: 0,
    changePassAndTxn: false, mustChangePassword: false, hasTransactionPassword: true, lastLoginAt: null,
  });
  /** A component that shows the stake limit it reads, as the banner and each slip do. */
  function Limit({ name }: { name: string }) {
    const view = useResponsibleGambling();
    return <p data-testid={name}>{view === null ? 'none' : String(limitInForce(view, 'stake'))}</p>;
  }
  const page = (...names: string[]) => (
    <ApisProvider apis={apis}>
      {names.map((n) => (
        <Limit key={n} name={n} />
      ))}
    </ApisProvider>
  );
  const settle = () => act(async () => {
    await Promise.resolve();
  });

  beforeEach(() => act(() => setUser(player('p1'))));
  afterEach(() => {
    act(() => setUser(null));
    responsibleGambling.own.mockReset();
  });

  it('reads once however many components ask, and a slip opened later reads nothing', async () => {
    responsibleGambling.own.mockResolvedValue(stakeLimit(500));
    const { rerender } = render(page('banner', 'slip-1'));
    await settle();
    expect(screen.getByTestId('banner')).toHaveTextContent('500');
    expect(screen.getByTestId('slip-1')).toHaveTextContent('500');
    // Slips close and open, bet after bet: each shows the limit at once, from the page's copy.
    rerender(page('banner'));
    rerender(page('banner', 'slip-2'));
    expect(screen.getByTestId('slip-2')).toHaveTextContent('500');
    rerender(page('banner', 'slip-3'));
    await settle();
    expect(responsibleGambling.own).toHaveBeenCalledTimes(1);
  });

  it('takes what the settings page publishes without reading again', async () => {
    responsibleGambling.own.mockResolvedValue(stakeLimit(500));
    render(page('banner', 'slip'));
    await settle();
    act(() => publish('rg.settingsChanged', stakeLimit(200)));
    expect(screen.getByTestId('banner')).toHaveTextContent('200');
    expect(screen.getByTestId('slip')).toHaveTextContent('200');
    act(() => publish('rg.settingsChanged', stakeLimit(null)));
    expect(screen.getByTestId('slip')).toHaveTextContent('null');
    expect(responsibleGambling.own).toHaveBeenCalledTimes(1);
  });

  it('a save that lands before the first answer is not overwritten by that older answer', async () => {
    let answer: (view: ResponsibleGamblingView) => void = () => undefined;
    responsibleGambling.own.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    render(page('banner'));
    act(() => publish('rg.settingsChanged', stakeLimit(200)));
    await act(async () => answer(stakeLimit(500)));
    expect(screen.getByTestId('banner')).toHaveTextContent('200');
  });

  it('forgets on sign-out: the next player, or the same one signed in again, is read afresh', async () => {
    responsibleGambling.own.mockResolvedValueOnce(stakeLimit(500)).mockResolvedValueOnce(stakeLimit(900)).mockResolvedValueOnce(stakeLimit(100));
    const { unmount } = render(page('banner'));
    await settle();
    expect(screen.getByTestId('banner')).toHaveTextContent('500');
    unmount();
    act(() => setUser(null));
    act(() => setUser(player('p2')));
    render(page('banner'));
    await settle();
    expect(screen.getByTestId('banner')).toHaveTextContent('900');
    act(() => setUser(null));
    act(() => setUser(player('p2')));
    await settle();
    expect(screen.getByTestId('banner')).toHaveTextContent('100');
    expect(responsibleGambling.own).toHaveBeenCalledTimes(3);
  });

  it('shows nothing when the settings cannot be read, and does not ask again on this page', async () => {
    responsibleGambling.own.mockRejectedValue(new Error('Forbidden'));
    const { rerender } = render(page('banner'));
    await settle();
    rerender(page('banner', 'slip'));
    await settle();
    expect(screen.getByTestId('slip')).toHaveTextContent('none');
    expect(responsibleGambling.own).toHaveBeenCalledTimes(1);
  });
});
