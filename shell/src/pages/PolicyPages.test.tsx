import type { ReactElement } from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ResponsibleGamingPage, TermsPage } from './PolicyPages';

const renderIn = (page: ReactElement) => render(<MemoryRouter>{page}</MemoryRouter>);

describe('policy pages', () => {
  it('the terms cover bets, settlement and voids, the casino and demo chips', () => {
    renderIn(<TermsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeInTheDocument();
    for (const heading of ['Your account', 'Bets', 'Settlement and voids', 'Live casino', 'Demo chips']) {
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    }
    expect(screen.getByText(/provably fair/)).toBeInTheDocument();
  });

  it('responsible gaming names limits, time-out and self-exclusion, and links only to pages that exist', () => {
    renderIn(<ResponsibleGamingPage />);
    for (const tool of ['Limits', 'Reality check', 'Time-out', 'Self-exclusion']) expect(screen.getByText(tool)).toBeInTheDocument();
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/settings/responsible-gambling', '/login', '/register', '/terms-and-conditions', '/responsible-gaming']);
    expect(screen.getByRole('link', { name: 'Responsible gambling settings' })).toBeInTheDocument();
    expect(screen.getByText('24X7 Support')).toBeInTheDocument();
  });
});
