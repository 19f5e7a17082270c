import { act, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { publish, RG_LIMIT_TYPES, setUser, type ResponsibleGamblingView } from '@backlay/shared';
import { fakeResponsibleGambling, renderWithApis, withMocks } from '@backlay/shared/testing';
import { playLimitsText, RgBanner } from './RgBanner';

const responsibleGambling = withMocks(fakeResponsibleGambling, 'own');
const apis = { responsibleGambling };

const empty: ResponsibleGamblingView = {
  limits: RG_LIMIT_TYPES.map((type) => ({ type, amount: null, pending: null })),
  realityCheckMinutes: null,
  exclusion: null,
};
const withLimits = (amounts: Partial<Record<string, number>>): ResponsibleGamblingView => ({
  ...empty,
  limits: empty.limits.map((l) => ({ ...l, amount: amounts[l.type] ?? null })),
});

function show() {
  return renderWithApis(
    <MemoryRouter>
      <RgBanner />
    </MemoryRouter>,
    apis,
  );
}

describe('RgBanner', () => {
  // A signed-in player; signing out after each test forgets the page's copy of the settings.
  beforeEach(() => setUser({
    _id: 'p1', username: 'demo-user', role: 'user', roleLabel: 'USER', sessionId: 's1', balance: 0, exposer: 0,
    changePassAndTxn: false, mustChangePassword: false, hasTransactionPassword: true, lastLoginAt: null,
  }));
  afterEach(() => {
    act(() => setUser(null));
    responsibleGambling.own.mockReset();
  });

  it('says until when a time-out lasts, in IST, and what it pauses', async () => {
    // (Years ahead: an exclusion that has ended shows no banner.)
    // 17:00 UTC is 10:30 PM in India.
    responsibleGambling.own.mockResolvedValue({ ...empty, exclusion: { kind: 'time_out', startsAt: '2026-11-21T17:00:00.000Z', endsAt: '2036-11-28T17:00:00.000Z' } });
    show();
    const banner = await screen.findByRole('status', { name: 'Responsible gambling' });
    expect(banner).toHaveTextContent('You are on a time-out until 28/11/2036 10:30 PM IST: betting, the casino and deposits are paused.');
    expect(screen.getByRole('link', { name: 'Responsible gambling settings' })).toHaveAttribute('href', '/settings/responsible-gambling');
    expect(responsibleGambling.own).toHaveBeenCalledTimes(1);
  });

  it('says a self-exclusion first, over any limit', async () => {
    responsibleGambling.own.mockResolvedValue({ ...withLimits({ stake: 500 }), exclusion: { kind: 'self_exclusion', startsAt: '2026-11-21T00:00:00.000Z', endsAt: '2037-05-21T00:00:00.000Z' } });
    show();
    expect(await screen.findByTestId('rg-exclusion')).toHaveTextContent(/^You have self-excluded until 21\/05\/2037 5:30 AM IST/);
    expect(screen.queryByTestId('rg-limits')).not.toBeInTheDocument();
  });

  it('shows a quieter line for stake and loss limits, none for deposit limits or nothing set', async () => {
    responsibleGambling.own.mockResolvedValue(withLimits({ stake: 500, loss_day: 2000, deposit_day: 1000 }));
    show();
    const line = await screen.findByRole('region', { name: 'Your limits' });
    expect(line).toHaveTextContent('Your limits: Maximum stake per bet ₹500.00 · Daily loss limit ₹2,000.00.');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(playLimitsText(withLimits({ deposit_week: 1000 }))).toBeNull();
    expect(playLimitsText(empty)).toBeNull();
  });

  it('follows what the player saves on the settings page, without reading again', async () => {
    responsibleGambling.own.mockResolvedValue(empty);
    show();
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    act(() => publish('rg.settingsChanged', { ...empty, exclusion: { kind: 'time_out', startsAt: '2026-11-28T00:00:00.000Z', endsAt: '2036-11-29T17:00:00.000Z' } }));
    expect(screen.getByRole('status', { name: 'Responsible gambling' })).toHaveTextContent('You are on a time-out until 29/11/2036 10:30 PM IST');
    expect(responsibleGambling.own).toHaveBeenCalledTimes(1);
  });

  it('shows no banner for an exclusion that has ended', async () => {
    responsibleGambling.own.mockResolvedValue({ ...empty, exclusion: { kind: 'time_out', startsAt: '2020-01-01T00:00:00.000Z', endsAt: '2020-01-02T00:00:00.000Z' } });
    const { container } = show();
    await act(async () => {
      await Promise.resolve();
    });
    expect(container).toBeEmptyDOMElement();
  });

  it('shows nothing when the settings cannot be read', async () => {
    responsibleGambling.own.mockRejectedValue(new Error('Forbidden'));
    const { container } = show();
    await act(async () => {
      await Promise.resolve();
    });
    expect(container).toBeEmptyDOMElement();
  });
});
