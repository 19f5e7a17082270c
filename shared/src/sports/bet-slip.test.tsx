import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState, type FormEvent } from 'react';
import type { EventMap } from '../contracts/events';
import { on } from '../kernel/bus';
import { BET_REFUSED_TOPIC, useSlipSubmission } from './bet-slip';
import { QuickStakes, SlipActions, SlipRunnerBook, StakeField } from './slip-parts';

function Slip({ place, onPlaced, closed = null }: { place: (body: { stake: string }, key: string) => Promise<{ message: string }>; onPlaced: () => void; closed?: string | null }) {
  const [stakeText, setStakeText] = useState('');
  const { submitting, error, submit } = useSlipSubmission(place, onPlaced);
  const body = stakeText !== '' ? { stake: stakeText } : null;
  return (
    <form aria-label="Bet slip" onSubmit={(e: FormEvent) => void submit(e, body, closed)}>
      <StakeField stakeText={stakeText} onStakeText={setStakeText} invalid={stakeText === 'x'} hint="Min 100" />
      <QuickStakes stakeButtons={[{ label: '1k', value: 1000 }]} onStakeText={setStakeText} />
      <SlipActions closed={closed} error={error?.message ?? null} canPlace={body !== null && closed === null} submitting={submitting} onCancel={() => undefined} />
    </form>
  );
}

describe('QuickStakes with a stake limit', () => {
  const buttons = [{ label: '100', value: 100 }, { label: '500', value: 500 }, { label: '1k', value: 1000 }];

  it('disables the buttons above the limit and says why; the others still fill the Stake field', () => {
    const onStakeText = jest.fn();
    render(<QuickStakes stakeButtons={buttons} onStakeText={onStakeText} maxStake={500} />);
    expect(screen.getByRole('button', { name: '100' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '500' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '1k' })).toBeDisabled();
    expect(screen.getByRole('group', { name: 'Quick stakes' })).toHaveTextContent('Your stake limit: a bet can lose at most ₹500.00. Larger stakes are off.');
    fireEvent.click(screen.getByRole('button', { name: '1k' }));
    expect(onStakeText).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '500' }));
    expect(onStakeText).toHaveBeenCalledWith('500');
  });

  it('measures a button by what its bet can lose (a lay\'s liability) when the slip says so', () => {
    // A lay at 3.00 can lose twice its stake: 100 risks 200, 500 risks 1,000.
    render(<QuickStakes stakeButtons={buttons} onStakeText={() => undefined} maxStake={500} lossOf={(stake) => stake * 2} />);
    expect(screen.getByRole('button', { name: '100' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '500' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '1k' })).toBeDisabled();
  });

  it('offers every button, with no note, without a limit or when all are within it', () => {
    const { rerender } = render(<QuickStakes stakeButtons={buttons} onStakeText={() => undefined} />);
    for (const b of buttons) expect(screen.getByRole('button', { name: b.label })).toBeEnabled();
    rerender(<QuickStakes stakeButtons={buttons} onStakeText={() => undefined} maxStake={1000} />);
    for (const b of buttons) expect(screen.getByRole('button', { name: b.label })).toBeEnabled();
    expect(screen.queryByText(/stake limit/)).not.toBeInTheDocument();
  });
});

describe('bet slip pieces', () => {
  it('a quick stake fills the Stake field, Place Bet sends it with a key and calls onPlaced', async () => {
    const place = jest.fn().mockResolvedValue({ message: 'Bet placed' });
    const onPlaced = jest.fn();
    render(<Slip place={place} onPlaced={onPlaced} />);
    expect(screen.getByRole('button', { name: 'Place Bet' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: '1k' }));
    expect(screen.getByLabelText('Stake')).toHaveValue('1000');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Place Bet' }));
    });
    expect(place).toHaveBeenCalledWith({ stake: '1000' }, expect.any(String));
    expect(onPlaced).toHaveBeenCalledTimes(1);
  });

  it('shows the refusal as an alert and keeps the key of a lost answer for the same bet', async () => {
    const place = jest.fn().mockRejectedValue({ code: 'NETWORK', message: 'No answer' });
    render(<Slip place={place} onPlaced={jest.fn()} />);
    fireEvent.change(screen.getByLabelText('Stake'), { target: { value: '50' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Place Bet' }));
    });
    expect(screen.getByRole('alert')).toHaveTextContent('No answer');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Place Bet' }));
    });
    expect(place.mock.calls[1][1]).toBe(place.mock.calls[0][1]);
  });

  it("toasts each refusal under one topic, so the next replaces it; a success under none", async () => {
    const notices: Array<EventMap['ui.notify']> = [];
    const sub = on('ui.notify').subscribe((n) => notices.push(n));
    const place = jest
      .fn()
      .mockRejectedValueOnce(Object.assign(new Error('Odds changed: requested 2.04, live back 2.02'), { code: 'ODDS_CHANGED' }))
      .mockRejectedValueOnce(Object.assign(new Error('Market Bookmaker is ball running: no bets now'), { code: 'MARKET_SUSPENDED' }))
      .mockResolvedValueOnce({ message: 'Bet Placed Successfully' });
    render(<Slip place={place} onPlaced={jest.fn()} />);
    fireEvent.change(screen.getByLabelText('Stake'), { target: { value: '100' } });
    for (let i = 0; i < 3; i += 1) {
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Place Bet' }));
      });
    }
    sub.unsubscribe();
    expect(notices).toEqual([
      { kind: 'error', message: 'Odds changed: requested 2.04, live back 2.02', topic: BET_REFUSED_TOPIC },
      { kind: 'error', message: 'Market Bookmaker is ball running: no bets now', topic: BET_REFUSED_TOPIC },
      { kind: 'success', message: 'Bet Placed Successfully' },
    ]);
  });

  it('a closed slip says why and takes no bet; an invalid stake says so', () => {
    render(<Slip place={jest.fn()} onPlaced={jest.fn()} closed="Suspended" />);
    expect(screen.getByRole('status')).toHaveTextContent('Suspended');
    fireEvent.change(screen.getByLabelText('Stake'), { target: { value: 'x' } });
    expect(screen.getByRole('alert')).toHaveTextContent('Stake must be an amount above 0');
    expect(screen.getByRole('button', { name: 'Place Bet' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it('the runner book shows – without a bet and the exposure with one', () => {
    const { rerender } = render(<SlipRunnerBook rows={[{ selectionId: 'a', name: 'Dragon', nowMinor: 0, afterMinor: null }]} exposure={null} />);
    expect(screen.getByRole('row', { name: /Dragon/ })).toHaveTextContent('–');
    rerender(<SlipRunnerBook rows={[{ selectionId: 'a', name: 'Dragon', nowMinor: 0, afterMinor: 10000 }]} exposure={{ nowMinor: 0, afterMinor: 5000 }} />);
    expect(screen.getByText(/Exposure on this market/)).toBeInTheDocument();
  });
});
