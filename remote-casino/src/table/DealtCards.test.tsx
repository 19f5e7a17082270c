import { render, screen, within } from '@testing-library/react';
import { buildCasinoRound } from '@backlay/shared/testing';
import { DEAL_MAX_MS, DEAL_STEP_MS, dealStepMs } from '../ui/PlayingCard';
import { DealtCards } from './DealtCards';

describe('dealStepMs', () => {
  it.each([
    [1, DEAL_STEP_MS],
    [2, DEAL_STEP_MS],
    [11, DEAL_STEP_MS], // 10 steps of 500 ms: the whole deal in 5 s
    [41, Math.floor(DEAL_MAX_MS / 40)], // Andar Bahar's long deal, squeezed into 5 s
  ])('%i new cards: %i ms between cards', (count, step) => {
    expect(dealStepMs(count)).toBe(step);
  });
});

describe('DealtCards', () => {
  it('deals only the cards that arrive, from the first new one', () => {
    const first = buildCasinoRound({ status: 'CLOSED', cards: ['7HH', '2CC'], hands: { andar: ['2CC'], joker: ['7HH'] } });
    const { rerender } = render(<DealtCards round={first} />);
    const joker = within(screen.getByRole('group', { name: 'Joker' })).getByRole('img', { name: '7 of hearts' });
    expect(joker).toHaveStyle({ animationDelay: '0ms' });
    expect(within(screen.getByRole('group', { name: 'Andar' })).getByRole('img', { name: '2 of clubs' })).toHaveStyle({ animationDelay: `${DEAL_STEP_MS}ms` });

    rerender(<DealtCards round={{ ...first, cards: ['7HH', '2CC', 'QSS', '7DD'], hands: { andar: ['2CC', '7DD'], joker: ['7HH'], bahar: ['QSS'] } }} />);
    expect(within(screen.getByRole('group', { name: 'Bahar' })).getByRole('img', { name: 'Queen of spades' })).toHaveStyle({ animationDelay: '0ms' });
    expect(within(screen.getByRole('group', { name: 'Andar' })).getByRole('img', { name: '7 of diamonds' })).toHaveStyle({ animationDelay: `${DEAL_STEP_MS}ms` });
    expect(within(screen.getByRole('group', { name: 'Joker' })).getByRole('img', { name: '7 of hearts' })).not.toHaveClass('bl-card--dealt');
  });

  it('says when the cards come while the round is open', () => {
    render(<DealtCards round={buildCasinoRound()} />);
    expect(screen.getByRole('region', { name: 'Cards' })).toHaveTextContent('The cards are dealt when betting closes.');
  });
});
