import { act, screen } from '@testing-library/react';
import { publish } from '@backlay/shared';
import { fakeResponsibleGambling, renderWithApis, withMocks } from '@backlay/shared/testing';
import { endSession } from '../session/session';
import { nextReminderIn, RealityCheck } from './RealityCheck';
import { sessionLength } from './RealityCheckDialog';

const responsibleGambling = withMocks(fakeResponsibleGambling, 'realityCheck');
const apis = { responsibleGambling };

jest.mock('../session/session', () => ({ endSession: jest.fn(() => Promise.resolve()) }));

const MINUTE = 60_000;

describe('the reminder times', () => {
  it('fires at every whole interval of the session', () => {
    expect(nextReminderIn(0, 30, 0)).toBe(30 * MINUTE);
    expect(nextReminderIn(0, 30, 10 * MINUTE)).toBe(20 * MINUTE);
    expect(nextReminderIn(0, 30, 30 * MINUTE)).toBe(30 * MINUTE);
    expect(nextReminderIn(0, 30, 95 * MINUTE)).toBe(25 * MINUTE);
  });

  it('words the session length', () => {
    expect(sessionLength(25 * MINUTE + 59_000)).toBe('25 min');
    expect(sessionLength(65 * MINUTE)).toBe('1 h 05 min');
  });
});

describe('RealityCheck', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    responsibleGambling.realityCheck.mockReset();
  });

  it('shows the session time and net result every N minutes; Continue closes it, Log out ends the session', async () => {
    const started = Date.now() - 20 * MINUTE;
    const check = responsibleGambling.realityCheck
      .mockResolvedValue({ intervalMinutes: 30, sessionStartedAt: new Date(started).toISOString(), netPnl: -250 });
    renderWithApis(<RealityCheck />, apis);
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(async () => {
      jest.advanceTimersByTime(10 * MINUTE);
      await Promise.resolve();
    });
    const dialog = await screen.findByRole('dialog', { name: 'Reality check' });
    expect(dialog).toHaveTextContent('You have been signed in for 30 min.');
    expect(screen.getByTestId('reality-check-pnl')).toHaveTextContent('Net result of bets settled in this session: −₹250.00 (loss)');
    await act(async () => {
      screen.getByRole('button', { name: 'Continue' }).click();
      await Promise.resolve();
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(async () => {
      jest.advanceTimersByTime(30 * MINUTE);
      await Promise.resolve();
    });
    await screen.findByRole('dialog', { name: 'Reality check' });
    screen.getByRole('button', { name: 'Log out' }).click();
    expect(endSession).toHaveBeenCalledWith('player', 'logout');
    expect(check.mock.calls.length).toBeGreaterThanOrEqual(3);
  });

  it('stays quiet without an interval, and plans again when the player sets one', async () => {
    const check = responsibleGambling.realityCheck
      .mockResolvedValueOnce({ intervalMinutes: null, sessionStartedAt: new Date().toISOString(), netPnl: 0 })
      .mockResolvedValue({ intervalMinutes: 5, sessionStartedAt: new Date().toISOString(), netPnl: 120 });
    renderWithApis(<RealityCheck />, apis);
    await act(async () => {
      jest.advanceTimersByTime(60 * MINUTE);
      await Promise.resolve();
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(async () => {
      publish('rg.realityCheckChanged', { minutes: 5 });
      await Promise.resolve();
    });
    await act(async () => {
      jest.advanceTimersByTime(5 * MINUTE);
      await Promise.resolve();
    });
    expect(await screen.findByTestId('reality-check-pnl')).toHaveTextContent('₹120.00 (win)');
    expect(check).toHaveBeenCalledTimes(3);
  });
});
