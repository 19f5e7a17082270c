import { act, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { CASINO_CATEGORIES, casinoCategoryName, setLanguage, type CasinoGameListItem } from '@backlay/shared';
import { fakeCasino, renderWithApis, withMocks } from '@backlay/shared/testing';
import { CasinoList } from './CasinoList';

/** The lobby in Hindi (issue 36): its title, the category menu, the tiles' badges and empty states; the tables' titles stay the API's. */
const api = withMocks(fakeCasino, 'games');

const game = (slug: string, over: Partial<CasinoGameListItem> = {}): CasinoGameListItem => ({
  title: slug, image: `/api/casino/images/${slug}.svg`, slug, match_id: `m-${slug}`, matchId: `m-${slug}`, isDisable: false, categoryId: 23, secondsLeft: null, ...over,
});

function renderAt(path: string) {
  return renderWithApis(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/casino-list/LC/4/:categoryId?" element={<CasinoList />} />
      </Routes>
    </MemoryRouter>,
    { casino: api },
  );
}

beforeEach(async () => {
  jest.resetAllMocks();
  api.games.mockResolvedValue([game('dt20', { title: 'Dragon Tiger 20-20', secondsLeft: 12 }), game('war', { title: '', categoryId: 29 })]);
  await act(() => setLanguage('hi'));
});

afterEach(async () => {
  await act(() => setLanguage('en'));
});

describe('CasinoList in Hindi', () => {
  it('names the lobby, every category and the tiles in Hindi', async () => {
    renderAt('/casino-list/LC/4');
    const grid = await screen.findByRole('list', { name: 'सभी कैसीनो गेम्स' });
    expect(screen.getByRole('heading', { name: 'लाइव कैसीनो', level: 1 })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'कैसीनो श्रेणियाँ' });
    const names = within(menu).getAllByRole('link').map((a) => a.textContent);
    expect(names).toEqual(CASINO_CATEGORIES.map((c) => casinoCategoryName(c.id)));
    expect(names.slice(0, 3)).toEqual(['सभी कैसीनो', 'रूलेट', 'तीन पत्ती']);
    expect(within(grid).getByRole('link', { name: 'Dragon Tiger 20-20' })).toBeInTheDocument();
    expect(within(grid).getAllByTestId('tile-live').map((badge) => badge.textContent)).toEqual(['लाइव · 12 सेकंड', 'लाइव']);
    expect(within(grid).getByText('बिना नाम का गेम')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'वर्चुअल गेम्स' })).toBeInTheDocument();
  });

  it('says a category without tables in Hindi', async () => {
    renderAt('/casino-list/LC/4/33');
    expect(await screen.findByText('अभी लॉटरी का कोई गेम नहीं है।')).toBeInTheDocument();
  });
});
