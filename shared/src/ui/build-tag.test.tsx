import { render, screen } from '@testing-library/react';
import { STORAGE_KEYS } from '../kernel/storage';
import { BuildTag, buildStampsShown } from './build-tag';

describe('build stamps', () => {
  afterEach(() => {
    localStorage.clear();
    window.history.pushState({}, '', '/');
  });

  it.each([
    ['/admin', null, true],
    ['/admin/list-clients/demo-dl', null, true],
    ['/admin/accountstatement', '0', true],
    ['/', null, false],
    ['/match/4/in-play', null, false],
    ['/accountstatement', '0', false],
    ['/odds/m1', '1', true],
  ] as const)('on %s with the flag %s: shown %s', (path, flag, shown) => {
    expect(buildStampsShown(path, flag)).toBe(shown);
  });

  it('shows the stamp in the admin area', () => {
    window.history.pushState({}, '', '/admin/list-clients');
    render(<BuildTag app="admin" label="abc123" />);
    expect(screen.getByTestId('build-admin')).toHaveTextContent('admin · build abc123');
  });

  it('shows nothing in the player area, unless the show_build flag is on', () => {
    window.history.pushState({}, '', '/match/4');
    const { container, unmount } = render(<BuildTag app="sports" label="abc123" />);
    expect(container).toBeEmptyDOMElement();
    unmount();
    localStorage.setItem(STORAGE_KEYS.showBuild, '1');
    render(<BuildTag app="sports" label="abc123" />);
    expect(screen.getByTestId('build-sports')).toHaveTextContent('sports · build abc123');
  });
});
