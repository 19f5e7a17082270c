import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildFancy } from '@backlay/shared/testing';
import { FancyList } from './FancyList';
import { PRICE_FLASH_MS } from './use-flash';

describe('FancyList', () => {
  afterEach(() => jest.useRealTimers());

  it('shows No (pink) and Yes (blue) with run and rate, and each line\'s limits', () => {
    render(<FancyList fancies={[buildFancy('f1', { name: '6 over runs IND', noRun: 52, noRate: 100, yesRun: 54, yesRate: 90, minStake: 100, maxStake: 25000 })]} onRules={() => undefined} />);
    const line = screen.getByRole('listitem', { name: '6 over runs IND' });
    expect(within(line).getByRole('button', { name: 'No: 52 at 100' })).toHaveClass('bl-price--lay');
    expect(within(line).getByRole('button', { name: 'Yes: 54 at 90' })).toHaveClass('bl-price--back');
    expect(within(line).getByText('Min 100 · Max 25,000 · Delay 3 s')).toBeInTheDocument();
  });

  it('covers a suspended or ball-running line with its own overlay', () => {
    render(
      <FancyList
        fancies={[buildFancy('f1', { name: 'Open line' }), buildFancy('f2', { name: 'Paused line', status: 'ball_running' }), buildFancy('f3', { name: 'Held line', status: 'suspended' })]}
        onRules={() => undefined}
      />,
    );
    expect(within(screen.getByRole('listitem', { name: 'Open line' })).queryByRole('status')).not.toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Paused line' })).getByRole('status')).toHaveTextContent('Ball running');
    expect(within(screen.getByRole('listitem', { name: 'Held line' })).getByRole('status')).toHaveTextContent('Suspended');
  });

  it('flashes a side whose line moved', () => {
    jest.useFakeTimers();
    const { rerender } = render(<FancyList fancies={[buildFancy('f1', { name: 'Line' })]} onRules={() => undefined} />);
    rerender(<FancyList fancies={[buildFancy('f1', { name: 'Line', yesRun: 47 })]} onRules={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Yes: 47 at 100' })).toHaveClass('bl-flash');
    expect(screen.getByRole('button', { name: 'No: 45 at 100' })).not.toHaveClass('bl-flash');
    act(() => jest.advanceTimersByTime(PRICE_FLASH_MS));
    expect(screen.getByRole('button', { name: 'Yes: 47 at 100' })).not.toHaveClass('bl-flash');
  });

  it('has a Rules button for the fancy rules', async () => {
    const onRules = jest.fn();
    render(<FancyList fancies={[buildFancy('f1')]} onRules={onRules} />);
    await userEvent.click(screen.getByRole('button', { name: 'Rules: Fancy sessions' }));
    expect(onRules).toHaveBeenCalled();
  });
});

describe('FancyList bets', () => {
  it('opens the slip from a side at the line on screen, and not while the line is paused', async () => {
    const onPrice = jest.fn();
    render(<FancyList fancies={[buildFancy('f1', { name: 'Open line' }), buildFancy('f2', { name: 'Paused line', status: 'ball_running' })]} onRules={() => undefined} onPrice={onPrice} />);
    await userEvent.click(within(screen.getByRole('listitem', { name: 'Open line' })).getByRole('button', { name: 'Yes: 46 at 100' }));
    expect(onPrice).toHaveBeenCalledWith(expect.objectContaining({ fancyId: 'f1' }), 'YES');
    await userEvent.click(within(screen.getByRole('listitem', { name: 'Open line' })).getByRole('button', { name: 'No: 45 at 100' }));
    expect(onPrice).toHaveBeenLastCalledWith(expect.objectContaining({ fancyId: 'f1' }), 'NO');
    expect(within(screen.getByRole('listitem', { name: 'Paused line' })).getByRole('button', { name: 'Yes: 46 at 100' })).toBeDisabled();
  });

  it('shows the exposure of a line with bets and its Book button, and puts the slip under its line', async () => {
    const onBook = jest.fn();
    render(
      <FancyList
        fancies={[buildFancy('f1', { name: 'Bet line' }), buildFancy('f2', { name: 'Quiet line' })]}
        onRules={() => undefined}
        exposures={new Map([['f1', 1100]])}
        onBook={onBook}
        renderSlip={(f) => (f.fancyId === 'f1' ? <form aria-label="Bet slip" /> : null)}
      />,
    );
    const line = screen.getByRole('listitem', { name: 'Bet line' });
    expect(within(line).getByText('-1,100.00')).toHaveAttribute('data-pnl', 'neg');
    expect(within(line).getByRole('form', { name: 'Bet slip' })).toBeInTheDocument();
    await userEvent.click(within(line).getByRole('button', { name: 'Book: Bet line' }));
    expect(onBook).toHaveBeenCalledWith(expect.objectContaining({ fancyId: 'f1' }));
    const quiet = screen.getByRole('listitem', { name: 'Quiet line' });
    expect(within(quiet).queryByText('Exposure')).not.toBeInTheDocument();
    expect(within(quiet).queryByRole('button', { name: /^Book/ })).not.toBeInTheDocument();
  });

  it('shows a settled line with its result instead of its prices, with no overlay', async () => {
    const onPrice = jest.fn();
    render(
      <FancyList
        fancies={[
          buildFancy('f1', { name: '6 over runs IND', status: 'suspended', settled: { type: 'RUNS', runs: 57 } }),
          buildFancy('f2', { name: 'Fall of 1st wkt IND', status: 'closed', settled: { type: 'VOID' } }),
          buildFancy('f3', { name: '10 over runs IND' }),
        ]}
        onRules={() => undefined}
        onPrice={onPrice}
      />,
    );
    const settled = screen.getByRole('listitem', { name: '6 over runs IND' });
    expect(settled).toHaveAttribute('data-status', 'settled');
    expect(within(settled).getByRole('status')).toHaveTextContent('Settled · 57 runs');
    expect(within(settled).queryByRole('button', { name: /^(No|Yes):/ })).not.toBeInTheDocument();
    expect(within(settled).queryByText('Suspended')).not.toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Fall of 1st wkt IND' })).getByRole('status')).toHaveTextContent('Settled · Void');
    await userEvent.click(within(screen.getByRole('listitem', { name: '10 over runs IND' })).getByRole('button', { name: 'Yes: 46 at 100' }));
    expect(onPrice).toHaveBeenCalledTimes(1);
  });
});
