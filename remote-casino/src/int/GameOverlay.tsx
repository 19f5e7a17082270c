import { useId, useRef } from 'react';
import { useModalFocus, useScrollLock } from '@backlay/shared';
import { useT } from '../i18n';

/** A launched game: its name, the provider's launch URL, and whether its frame may scroll. */
export interface LaunchedGame {
  name: string;
  url: string;
  /** Whether the provider lets its frame scroll (docs/rules/product.md §2; the API says which). sport_betting's page is ours: never framed (CasinoIntList). */
  scrollable: boolean;
}

/**
 * The full-screen game overlay (docs/rules/product.md §2): the game's name, an EXIT button and the provider's frame.
 * The page behind does not scroll while it is open (restored on exit); the frame scrolls only when
 * the game's provider allows it. It is a modal dialog: focus starts on EXIT, Tab stays inside,
 * Escape (pressed outside the frame) exits, and focus returns to the tile that opened it.
 */
export function GameOverlay({ game, onExit }: { game: LaunchedGame; onExit: () => void }) {
  const t = useT();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useScrollLock();
  const onKeyDown = useModalFocus(panel, onExit);
  return (
    <div ref={panel} className="bl-game-overlay" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} onKeyDown={onKeyDown}>
      <header className="bl-game-overlay__head">
        <h2 id={titleId}>{game.name}</h2>
        <button type="button" className="bl-game-overlay__exit" onClick={onExit}>
          {t('int.exit')}
        </button>
      </header>
      <iframe
        className={`bl-game-overlay__frame${game.scrollable ? ' bl-game-overlay__frame--scroll' : ''}`}
        title={game.name}
        src={game.url}
        // The legacy attribute is what stops a frame's own scrollbars in every browser; the class
        // sets overflow for the frame element alike.
        scrolling={game.scrollable ? 'yes' : 'no'}
        allow="autoplay; fullscreen"
      />
    </div>
  );
}
