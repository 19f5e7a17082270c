import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { sportsApi } from '@backlay/shared';
import { MatchBoard } from './MatchBoard';

jest.mock('@backlay/shared', () => {
  const actual = jest.requireActual('@backlay/shared');
  return { ...actual, sportsApi: { sportList: jest.fn(), matchList: jest.fn() } };
});

const api = sportsApi as jest.Mocked<typeof sportsApi>;

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/" element={<MatchBoard />} />
        <Route path="/match/:sportId/:status?" element={<MatchBoard />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('MatchBoard', () => {
  beforeEach(() => {
    api.sportList.mockResolvedValue([{ sportId: 4, name: 'Cricket' }, { sportId: 1, name: 'Soccer' }, { sportId: 2, name: 'Tennis' }]);
  });

  it('shows sport tabs and asks for the sport and status of the path', async () => {
    api.matchList.mockResolvedValue([]);
    renderAt('/match/1/in-play');
    expect(await screen.findByRole('link', { name: 'Soccer' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'In-play' })).toHaveAttribute('aria-current', 'page');
    expect(api.matchList).toHaveBeenCalledWith({ sportId: 1, status: 'in-play' });
    expect(await screen.findByText('No soccer matches are open right now.')).toBeInTheDocument();
  });

  it('lists in-play matches first on the home page (cricket by default)', async () => {
    api.matchList.mockResolvedValue([
      { _id: 'a', sportId: 4, name: 'Later v Side', openDate: '2026-11-22T10:00:00Z', inPlay: false, status: 'upcoming' },
      { _id: 'b', sportId: 4, name: 'Live v Side', openDate: '2026-11-21T10:00:00Z', inPlay: true, status: 'inplay' },
    ]);
    renderAt('/');
    const items = await screen.findAllByRole('listitem');
    expect(items.map((i) => i.querySelector('strong')?.textContent)).toEqual(['Live v Side', 'Later v Side']);
    expect(api.matchList).toHaveBeenCalledWith({ sportId: 4, status: 'all' });
  });
});
