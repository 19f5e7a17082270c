import { render, screen, within } from '@testing-library/react';
import { RulesDialog } from '../rules/RulesDialog';
import { MARKET_RULES, rulesFor } from '../rules/rules-content';
import { RulesPage } from './RulesPage';

describe('rules', () => {
  it('has a section per market type and one for every market', () => {
    render(<RulesPage />);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Match odds', 'Bookmaker', 'Fancy / session', 'Over / under', 'Every market']);
    for (const rules of MARKET_RULES) {
      const section = screen.getByRole('region', { name: rules.title });
      expect(within(section).getByRole('heading', { name: 'Settlement' })).toBeInTheDocument();
      expect(within(section).getByRole('heading', { name: 'Void and suspension' })).toBeInTheDocument();
    }
    expect(within(screen.getByRole('region', { name: 'Every market' })).getByText(/bet delay/)).toBeInTheDocument();
  });

  it('covers settlement, void, suspension and bet delay for every type', () => {
    for (const rules of MARKET_RULES) {
      const text = rules.blocks.flatMap((b) => b.items).join(' ');
      expect({ type: rules.type, settles: /settled/i.test(text), voids: /void/i.test(text), suspends: /suspended/i.test(text) }).toEqual({ type: rules.type, settles: true, voids: true, suspends: true });
    }
  });

  it('shows the same text in a market\'s pop-up as on the page', () => {
    render(<RulesDialog type="fancy" onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Rules: Fancy / session' });
    for (const item of rulesFor('fancy').blocks.flatMap((b) => b.items)) expect(within(dialog).getByText(item)).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'All markets' })).toBeInTheDocument();
  });

  it('refuses an unknown market type', () => {
    expect(() => rulesFor('nope' as never)).toThrow('no rules for market type nope');
  });
});
