import { useEffect, useState } from 'react';
import { Link, generatePath, useParams, useSearchParams } from 'react-router';
import {
  BuildTag,
  CASINO_CATEGORIES,
  CASINO_SUSPENDED_MESSAGE,
  EmptyState,
  earlyAnswerOr,
  localizeApiMessage,
  Page,
  ROUTES,
  Spinner,
  useLoad,
  useApis,
  type CasinoGameListItem,
} from '@backlay/shared';
import { casinoListCall } from '../first-calls';
import { useT } from '../i18n';
import { OTHERS_CATEGORY, SPORTS_CATEGORY, categoryName, gamesOf, isSuspended, selectedCategory, tileTitle } from './categories';
import { LazyImage } from './LazyImage';
import { useTileWidth } from './media';

/**
 * One tile: the table's image (loaded when 10% of it is visible) and its title. An open table is
 * a link to /casino/{slug}/{match_id}; a suspended one (disabled, or no round running) is a button
 * that says so instead of opening the table.
 */
export function CasinoTile({ game, width, secondsLeft = null, onSuspended }: { game: CasinoGameListItem; width: string; secondsLeft?: number | null; onSuspended: () => void }) {
  const t = useT();
  const title = tileTitle(game, t);
  const live = !isSuspended(game);
  const body = (
    <>
      <span className="bl-casino-tile__pic">
        <LazyImage src={game.image} alt="" className="bl-casino-tile__img" />
        {live ? (
          // Shown, not spoken: a link whose name changed every second would be read out again and again.
          <span className={`bl-casino-tile__live${secondsLeft !== null && secondsLeft <= 5 ? ' bl-casino-tile__live--ending' : ''}`} aria-hidden="true" data-testid="tile-live">
            {secondsLeft !== null && secondsLeft > 0 ? t('tile.liveSeconds', { seconds: secondsLeft }) : t('tile.live')}
          </span>
        ) : null}
      </span>
      <span className="bl-casino-tile__title">{title}</span>
    </>
  );
  return (
    <li className="bl-casino-tile" style={{ width }}>
      {isSuspended(game) ? (
        <button type="button" className="bl-casino-tile__link bl-casino-tile__link--off" onClick={onSuspended}>
          {body}
        </button>
      ) : (
        <Link className="bl-casino-tile__link" to={generatePath(ROUTES.casinoTable.path, { slug: game.slug, matchId: String(game.match_id) })}>
          {body}
        </Link>
      )}
    </li>
  );
}

/** How often the list is read again while the lobby is seen. */
export const LIST_REFRESH_MS = 10_000;

/** This browser's clock, read every whole second after `since` (the list's answer: the tiles' countdowns). */
function useSecondTicks(since: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [since]);
  return now;
}

/**
 * The one tile of a category that lists an entry to another part of the product instead of tables:
 * Sports (the sports exchange: cricket, soccer, tennis) and Others (the international casino).
 */
type EntryKeys = { to: string; art: 'lobby.entry.sportsArt' | 'lobby.entry.othersArt'; title: 'lobby.entry.sportsTitle' | 'lobby.entry.othersTitle' };
const ENTRY_TILES: Readonly<Partial<Record<number, EntryKeys>>> = {
  [SPORTS_CATEGORY]: { to: ROUTES.home.path, art: 'lobby.entry.sportsArt', title: 'lobby.entry.sportsTitle' },
  [OTHERS_CATEGORY]: { to: generatePath(ROUTES.casinoInt.path, {}), art: 'lobby.entry.othersArt', title: 'lobby.entry.othersTitle' },
};

function EntryTile({ entry, width }: { entry: EntryKeys; width: string }) {
  const t = useT();
  return (
    <li className="bl-casino-tile" style={{ width }}>
      <Link className="bl-casino-tile__link" to={entry.to}>
        <span className="bl-casino-tile__art" aria-hidden="true">
          {t(entry.art)}
        </span>
        <span className="bl-casino-tile__title">{t(entry.title)}</span>
      </Link>
    </li>
  );
}

/**
 * /casino-list/LC/4/{categoryId}: the live casino (docs/rules/product.md §2). The category menu as tabs (All Casino
 * by default; `?category=` is read too), then the tables of the category as tiles. Opening a
 * suspended table shows 'This game is suspended by admin, please try again later' instead.
 */
export function CasinoList() {
  const t = useT();
  const { casino: casinoApi } = useApis();
  const { categoryId: pathId } = useParams();
  const [search] = useSearchParams();
  const categoryId = selectedCategory(pathId, search.get('category'));
  const width = useTileWidth();
  // The list again every 10 s while the page is seen (a new round's window, a table switched
  // off); in between, each open round's seconds count down on this browser's clock from the answer.
  // The first load takes the answer the route module asked early, if any (ADR 0085).
  const { load } = useLoad(() => earlyAnswerOr(casinoListCall(casinoApi)), '', { refreshMs: LIST_REFRESH_MS, quietReload: true });
  const now = useSecondTicks(load.state === 'done' ? load.value.at : 0);
  const [warning, setWarning] = useState(false);
  useEffect(() => setWarning(false), [categoryId]);

  const games = load.state === 'done' ? gamesOf(load.value.games, categoryId) : [];
  const left = (g: CasinoGameListItem) => (load.state === 'done' && g.secondsLeft !== null ? Math.max(0, g.secondsLeft - Math.floor(Math.max(0, now - load.value.at) / 1000)) : null);
  const entry = ENTRY_TILES[categoryId];
  const category = categoryName(categoryId);
  return (
    <Page title={t('lobby.title')}>
      <nav className="bl-tabs" aria-label={t('lobby.categories')}>
        {CASINO_CATEGORIES.map((c) => (
          <Link
            key={c.id}
            to={generatePath(ROUTES.casinoList.path, { categoryId: String(c.id) })}
            className={c.id === categoryId ? 'active' : undefined}
            aria-current={c.id === categoryId ? 'page' : undefined}
          >
            {categoryName(c.id)}
          </Link>
        ))}
      </nav>
      <p className="bl-casino-links">
        <Link to={ROUTES.virtualGames.path}>{t('lobby.virtualLink')}</Link>: {t('lobby.virtualHint')}
      </p>
      {warning ? (
        <p className="bl-form-error bl-casino-warning" role="alert">
          {localizeApiMessage(CASINO_SUSPENDED_MESSAGE)}
        </p>
      ) : null}
      {load.state === 'loading' ? <Spinner label={t('lobby.loading')} /> : null}
      {load.state === 'fail' ? <EmptyState>{t('lobby.loadFailed', { message: load.message })}</EmptyState> : null}
      {load.state === 'done' && games.length === 0 && !entry ? <EmptyState>{t('lobby.empty', { category })}</EmptyState> : null}
      {entry ? (
        <ul className="bl-casino-grid" aria-label={t('lobby.grid', { category })}>
          <EntryTile entry={entry} width={width} />
        </ul>
      ) : null}
      {games.length > 0 && !entry ? (
        <ul className="bl-casino-grid" aria-label={t('lobby.grid', { category })}>
          {games.map((g) => (
            <CasinoTile key={`${g.slug}:${String(g.match_id)}`} game={g} width={width} secondsLeft={left(g)} onSuspended={() => setWarning(true)} />
          ))}
        </ul>
      ) : null}
      <BuildTag app="casino" label={__BUILD_LABEL__} />
    </Page>
  );
}
