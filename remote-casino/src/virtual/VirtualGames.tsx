import { useState } from 'react';
import { Link, generatePath } from 'react-router';
import { BuildTag, Button, EmptyState, Page, ROUTES, Spinner, useApis, useLoad, type VirtualGameListItem } from '@backlay/shared';
import { useT } from '../i18n';
import { LazyImage } from '../list/LazyImage';
import { useTileWidth } from '../list/media';
import { DealtCards } from '../table/DealtCards';
import { RoundStatus, useSecondsToClose } from '../table/RoundStatus';
import { useCasinoTable } from '../table/use-casino-table';
import { pickStream } from './pick';

/**
 * The stream playing: the table's rounds live (its countdown, the cards as they are dealt, the
 * result), watched without betting; Stop ends it, and the table's own page is a link away.
 */
export function VirtualStream({ game, onStop }: { game: VirtualGameListItem; onStop: () => void }) {
  const t = useT();
  const { round, clockOffsetMs } = useCasinoTable(game.id);
  const seconds = useSecondsToClose(round, clockOffsetMs);
  return (
    <section className="bl-virtual-stream" aria-label={t('virtual.playing', { game: game.game_name })}>
      <div className="bl-virtual-stream__head">
        <h2>
          {game.game_name} <small>{game.name}</small>
        </h2>
        <Button variant="secondary" className="bl-btn--small" onClick={onStop}>
          {t('virtual.stop')}
        </Button>
      </div>
      {round ? (
        <>
          <RoundStatus round={round} seconds={seconds} />
          <DealtCards round={round} />
        </>
      ) : (
        <Spinner label={t('virtual.starting')} />
      )}
      <p className="bl-virtual-stream__play">
        <Link to={generatePath(ROUTES.casinoTable.path, { slug: game.game_id, matchId: game.id })}>{t('virtual.betOnTable')}</Link>
      </p>
    </section>
  );
}

/**
 * /virtual-games: SPEC's other game grid (docs/rules/product.md §2, §3 its list item shape
 * `id, game_id, game_images, game_name, name`; §7 the virtual-games stream list). Each tile is a
 * stream of one of our running tables (get-virtual-games); choosing one plays it above the grid.
 * A tile selects its game only when no game is playing: while one plays, a click on another tile
 * says to stop it first (docs/spec-differences.md: our own tables, not a third party's streams).
 */
export function VirtualGames() {
  const t = useT();
  const { casino } = useApis();
  const { load } = useLoad(() => casino.virtualGames());
  const width = useTileWidth();
  const [playing, setPlaying] = useState<VirtualGameListItem | null>(null);
  const [busy, setBusy] = useState(false);

  const choose = (game: VirtualGameListItem) => {
    const next = pickStream(playing, game);
    setBusy(next.busy);
    setPlaying(next.playing);
  };
  const games = load.state === 'done' ? load.value : [];
  return (
    <Page title={t('virtual.title')}>
      {playing ? (
        <VirtualStream
          game={playing}
          onStop={() => {
            setPlaying(null);
            setBusy(false);
          }}
        />
      ) : (
        <p className="bl-hint">{t('virtual.choose')}</p>
      )}
      {busy && playing ? (
        <p className="bl-form-error bl-casino-warning" role="alert">
          {t('virtual.busy', { game: playing.game_name })}
        </p>
      ) : null}
      {load.state === 'loading' ? <Spinner label={t('virtual.loading')} /> : null}
      {load.state === 'fail' ? <EmptyState>{t('virtual.failed', { message: load.message })}</EmptyState> : null}
      {load.state === 'done' && games.length === 0 ? <EmptyState>{t('virtual.empty')}</EmptyState> : null}
      {games.length > 0 ? (
        <ul className="bl-casino-grid" aria-label={t('virtual.grid')}>
          {games.map((game) => (
            <li key={game.id} className="bl-casino-tile" style={{ width }}>
              <button
                type="button"
                className="bl-casino-tile__link"
                aria-label={t('virtual.tile', { game: game.game_name, name: game.name })}
                aria-pressed={playing?.id === game.id}
                onClick={() => choose(game)}
              >
                <LazyImage src={game.game_images[0] ?? ''} alt="" className="bl-casino-tile__img" />
                <span className="bl-casino-tile__title">{game.game_name}</span>
                <span className="bl-casino-tile__sub">{game.name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <BuildTag app="casino" label={__BUILD_LABEL__} />
    </Page>
  );
}
