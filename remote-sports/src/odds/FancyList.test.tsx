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
    expect(within(line).getByRole('group', { name: 'No: 52 at 100' })).toHaveClass('bl-price--lay');
    expect(within(line).getByRole('group', { name: 'Yes: 54 at 90' })).toHaveClass('bl-price--back');
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
    expect(screen.getByRole('group', { name: 'Yes: 47 at 100' })).toHaveClass('bl-flash');
    expect(screen.getByRole('group', { name: 'No: 45 at 100' })).not.toHaveClass('bl-flash');
    act(() => jest.advanceTimersByTime(PRICE_FLASH_MS));
    expect(screen.getByRole('group', { name: 'Yes: 47 at 100' })).not.toHaveClass('bl-flash');
  });

  it('has a Rules button for the fancy rules', async () => {
    const onRules = jest.fn();
    render(<FancyList fancies={[buildFancy('f1')]} onRules={onRules} />);
    await userEvent.click(screen.getByRole('button', { name: 'Rules: Fancy sessions' }));
    expect(onRules).toHaveBeenCalled();
  });
});
