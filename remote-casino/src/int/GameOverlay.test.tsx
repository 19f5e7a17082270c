import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { GameOverlay, type LaunchedGame } from './GameOverlay';

const CRASH: LaunchedGame = { name: 'Crash', url: 'http://127.0.0.1:9195/play/crash?s=1', scrollable: false };

/** A page with a button that opens the overlay, as the list does. */
function Harness({ game }: { game: LaunchedGame }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Play
      </button>
      {open ? <GameOverlay game={game} onExit={() => setOpen(false)} /> : null}
    </>
  );
}

afterEach(() => {
  document.documentElement.style.overflow = '';
  document.body.style.overflow = '';
});

describe('GameOverlay', () => {
  it('opens as a modal named by the game, with EXIT focused and the provider frame', async () => {
    render(<Harness game={CRASH} />);
    await userEvent.click(screen.getByRole('button', { name: 'Play' }));
    const dialog = screen.getByRole('dialog', { name: 'Crash' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('button', { name: 'EXIT' })).toHaveFocus();
    expect(screen.getByTitle('Crash')).toHaveAttribute('src', CRASH.url);
  });

  it('locks the page scroll while open and restores what was there on EXIT', async () => {
    document.body.style.overflow = 'scroll';
    render(<Harness game={CRASH} />);
    await userEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(document.body.style.overflow).toBe('hidden');
    expect(document.documentElement.style.overflow).toBe('hidden');
    await userEvent.click(screen.getByRole('button', { name: 'EXIT' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('scroll');
    expect(document.documentElement.style.overflow).toBe('');
    expect(screen.getByRole('button', { name: 'Play' })).toHaveFocus();
  });

  it('closes on Escape and keeps Tab inside', async () => {
    render(<Harness game={CRASH} />);
    await userEvent.click(screen.getByRole('button', { name: 'Play' }));
    await userEvent.tab({ shift: true });
    expect(screen.getByTitle('Crash')).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'EXIT' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
  });

  it.each([
    ['does not scroll for a studio game', false, 'no'],
    ['scrolls for sport_betting', true, 'yes'],
  ])('the frame %s', (_what, scrollable, attr) => {
    render(<GameOverlay game={{ ...CRASH, scrollable }} onExit={jest.fn()} />);
    const frame = screen.getByTitle('Crash');
    expect(frame).toHaveAttribute('scrolling', attr);
    expect(frame.classList.contains('bl-game-overlay__frame--scroll')).toBe(scrollable);
  });
});
