import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@backlay/shared/storage';
import { ThemeSwitch } from './ThemeSwitch';
import { applyStoredTheme } from '@backlay/shared/theme';

/** A system whose prefers-color-scheme is `dark` and can change, as a browser's matchMedia. */
function fakeSystem(dark: boolean) {
  const listeners = new Set<() => void>();
  const media = {
    get matches() {
      return dark;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  window.matchMedia = jest.fn((query: string) => {
    expect(query).toBe('(prefers-color-scheme: dark)');
    return media as unknown as MediaQueryList;
  });
  return {
    turn(next: boolean) {
      dark = next;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

const html = () => document.documentElement;
const darkSwitch = () => screen.getByRole('button', { name: 'Dark theme' });

beforeEach(() => {
  localStorage.clear();
  delete html().dataset.theme;
});

it('starts from the system: pressed when the system is dark, and follows it while nothing is chosen', () => {
  const system = fakeSystem(true);
  render(<ThemeSwitch className="bl-navbar__theme" />);
  expect(darkSwitch()).toHaveAttribute('aria-pressed', 'true');
  system.turn(false);
  expect(darkSwitch()).toHaveAttribute('aria-pressed', 'false');
  expect(html().dataset.theme).toBeUndefined();
});

it('a press shows the other theme on <html> and keeps it on this browser; choosing the system again forgets the choice', async () => {
  const system = fakeSystem(false);
  render(<ThemeSwitch className="bl-navbar__theme" />);
  await userEvent.click(darkSwitch());
  expect(darkSwitch()).toHaveAttribute('aria-pressed', 'true');
  expect(html().dataset.theme).toBe('dark');
  expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');
  // A chosen theme holds whatever the system does.
  system.turn(true);
  system.turn(false);
  expect(darkSwitch()).toHaveAttribute('aria-pressed', 'true');

  await userEvent.click(darkSwitch());
  expect(darkSwitch()).toHaveAttribute('aria-pressed', 'false');
  expect(html().dataset.theme).toBeUndefined();
  expect(localStorage.getItem(STORAGE_KEYS.theme)).toBeNull();
  system.turn(true);
  expect(darkSwitch()).toHaveAttribute('aria-pressed', 'true');
});

it('on a dark system, choosing light is kept as light', async () => {
  fakeSystem(true);
  render(<ThemeSwitch className="bl-auth__theme" />);
  await userEvent.click(darkSwitch());
  expect(darkSwitch()).toHaveAttribute('aria-pressed', 'false');
  expect(html().dataset.theme).toBe('light');
  expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('light');
});

it('follows a choice made in another tab', async () => {
  fakeSystem(false);
  render(<ThemeSwitch className="bl-navbar__theme" />);
  localStorage.setItem(STORAGE_KEYS.theme, 'dark');
  await act(async () => void window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.theme, newValue: 'dark' })));
  expect(html().dataset.theme).toBe('dark');
  expect(darkSwitch()).toHaveAttribute('aria-pressed', 'true');
});

it("index.html's first script sets the stored choice before the first paint, as applyStoredTheme does", () => {
  const page = readFileSync(join(__dirname, '../../public/index.html'), 'utf8');
  const script = /<script>([^<]*)<\/script>/.exec(page)?.[1];
  expect(script).toContain(`localStorage.getItem('${STORAGE_KEYS.theme}')`);
  for (const stored of ['dark', 'light', 'purple', null]) {
    if (stored === null) localStorage.removeItem(STORAGE_KEYS.theme);
    else localStorage.setItem(STORAGE_KEYS.theme, stored);
    delete html().dataset.theme;
    new Function(script ?? '')();
    const byScript = html().dataset.theme;
    delete html().dataset.theme;
    applyStoredTheme();
    expect({ stored, theme: byScript }).toEqual({ stored, theme: html().dataset.theme });
  }
  expect(localStorage.getItem(STORAGE_KEYS.theme)).toBeNull();
});
