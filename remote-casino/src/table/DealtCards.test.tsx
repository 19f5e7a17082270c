import { render, screen, within } from '@testing-library/react';
import { buildCasinoBet, buildCasinoRound } from '@backlay/shared/testing';
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

  it("lays out the table's boxes before the deal, with the betting window's ring and the player's stakes on the boxes it backed", () => {
    const bets = [
      buildCasinoBet('b1', { selectionName: 'Tiger', stake: 100 }),
      buildCasinoBet('b2', { selectionName: 'Tiger', stake: 400 }),
      buildCasinoBet('b3', { selectionName: 'Tiger', side: 'LAY', stake: 50 }),
    ];
    const { container } = render(<DealtCards round={buildCasinoRound({ gameCode: 'dt20' })} seconds={5} bettingSeconds={20} bets={bets} seats={['dragon', 'tiger']} />);
    const felt = screen.getByRole('region', { name: 'Cards' });
    expect(felt).toHaveTextContent('The cards are dealt when betting closes.');
    expect(within(felt).getAllByRole('group').map((g) => g.getAttribute('aria-label'))).toEqual(['Dragon', 'Tiger']);
    expect(within(screen.getByRole('group', { name: 'Tiger' })).getByLabelText('Your stake on Tiger: 500.00')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Dragon' })).queryByLabelText(/Your stake/)).toBeNull();
    expect(container.querySelector('.bl-round-timer')).toHaveAttribute('data-left', '0.25');
  });

  it('lights the winning box once the round settles, by the name the game gives its result', () => {
    const settled = buildCasinoRound({ gameCode: 'teen20', status: 'SETTLED', win: '2', rdesc: 'Player B#A : High Card | B : Pair', cards: ['8DD', 'KDD', '5DD', 'KHH', '10SS', '10DD'], hands: { playerA: ['8DD', '5DD', '10SS'], playerB: ['KDD', 'KHH', '10DD'] } });
    const { container } = render(<DealtCards round={settled} />);
    expect(screen.getByRole('group', { name: 'Player B, wins' })).toHaveClass('bl-casino-hand--won');
    expect(screen.getByRole('group', { name: 'Player A' })).not.toHaveClass('bl-casino-hand--won');
    expect(container.querySelector('.bl-round-timer')).toBeNull();
  });

  it('draws each card as a face of one SVG deck: corners, pips, a framed court card', () => {
    const { container } = render(<DealtCards round={buildCasinoRound({ gameCode: 'dt20', status: 'CLOSED', cards: ['8DD', 'KSS'], hands: { dragon: ['8DD'], tiger: ['KSS'] } })} />);
    const eight = container.querySelector('[data-card="8DD"] svg');
    expect(eight?.querySelectorAll('text')).toHaveLength(4 + 8);
    expect(container.querySelector('[data-card="KSS"] .bl-card__court')).not.toBeNull();
  });
});
