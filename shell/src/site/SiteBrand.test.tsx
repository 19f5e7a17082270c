import { act, render, screen, within } from '@testing-library/react';
import type { PublicSite } from '@backlay/shared/contracts';
import { resetSiteForTests } from './site';
import { SiteBrand, SupportContact } from './SiteBrand';

const LOGO = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=';
const site = (over: Partial<PublicSite> = {}): PublicSite => ({
  id: 'sixer',
  name: 'Sixer Exchange',
  theme: { primary: '#0f8a4b', accent: '#f2c230', header: '#0b3d2a', headerText: '#fdf6d8' },
  logo: LOGO,
  languages: ['en'],
  defaultLanguage: 'en',
  support: { email: 'help@sixer.example', phone: '+91 1800 200 600' },
  maintenance: false,
  maintenanceMessage: '',
  ...over,
});

function Header({ suffix }: { suffix?: string }) {
  return (
    <header>
      <SiteBrand className="bl-header__brand" suffix={suffix} />
    </header>
  );
}

afterEach(() => act(() => resetSiteForTests()));

describe('SiteBrand', () => {
  it("is empty until the site answered, then shows the site's logo named by the site", () => {
    render(<Header />);
    const banner = screen.getByRole('banner');
    expect(banner).toHaveTextContent('');
    expect(within(banner).queryByRole('img')).toBeNull();
    expect(within(banner).queryByText('Backlay')).toBeNull();

    act(() => resetSiteForTests({ status: 'ready', site: site() }));
    expect(within(banner).getByRole('img', { name: 'Sixer Exchange' })).toHaveAttribute('src', LOGO);
  });

  it('shows the name as text when the site has no logo, with the admin area after it', () => {
    act(() => resetSiteForTests({ status: 'ready', site: site({ logo: null, name: 'Backlay' }) }));
    render(<Header suffix=" Admin" />);
    const banner = screen.getByRole('banner');
    expect(within(banner).queryByRole('img')).toBeNull();
    expect(within(banner).getByText('Backlay Admin')).toBeInTheDocument();
  });

  it("with a logo the admin area's word stands beside it", () => {
    act(() => resetSiteForTests({ status: 'ready', site: site() }));
    render(<Header suffix=" Admin" />);
    expect(screen.getByRole('img', { name: 'Sixer Exchange' })).toBeInTheDocument();
    expect(screen.getByText('Admin')).toBeInTheDocument();
  });

  it("shows the platform's name when the site cannot be read", () => {
    act(() => resetSiteForTests({ status: 'failed' }));
    render(<Header />);
    expect(within(screen.getByRole('banner')).getByText('Backlay')).toBeInTheDocument();
  });
});

describe('SupportContact', () => {
  it("links the site's support email (mailto:) and phone (tel:)", () => {
    act(() => resetSiteForTests({ status: 'ready', site: site() }));
    render(<SupportContact />);
    expect(screen.getByText('24X7 Support')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'help@sixer.example' })).toHaveAttribute('href', 'mailto:help@sixer.example');
    expect(screen.getByRole('link', { name: '+91 1800 200 600' })).toHaveAttribute('href', 'tel:+911800200600');
  });

  it('shows no link the site has not given (or that is no address)', () => {
    act(() => resetSiteForTests({ status: 'ready', site: site({ support: { email: 'not an email', phone: '' } }) }));
    render(<SupportContact />);
    expect(screen.getByText('24X7 Support')).toBeInTheDocument();
    expect(screen.queryAllByRole('link')).toEqual([]);
  });
});
