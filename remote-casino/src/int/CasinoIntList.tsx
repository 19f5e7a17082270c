import { useState } from 'react';
import { Link, Navigate, generatePath, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  BuildTag,
  EmptyState,
  Page,
  ROUTES,
  Spinner,
  notifyFailure,
  useLoad,
  useApis,
  type CasinoIntGame,
  PHONE_QUERY,
  mediaMatches,
} from '@backlay/shared';
import { useT } from '../i18n';
import { tileTitle } from '../list/categories';
import { LazyImage } from '../list/LazyImage';
import { useTileWidth } from '../list/media';
import { GameOverlay, type LaunchedGame } from './GameOverlay';
import { activeProvider, intGamesOf, selectedSubCategory, subCategoriesOf } from './int-games';

/** The address the browser reports it has: it cannot know; the API records the one it saw (ADR 0020). */
const UNKNOWN_CLIENT_IP = '';

/**
 * The path of a launch URL on our own origin (the 'Sport Betting' provider answers our exchange),
 * else null. Such a page is navigated to, never framed: the product never runs inside itself (a
 * second header and menu, and a Logout in the frame that ends the real session; issue 29). The
 * shell's CSP no longer lets it frame its own origin, nor anyone frame it (csp.mjs).
 */
export function ownPath(url: string, origin = window.location.origin): string | null {
  const target = new URL(url, origin);
  return target.origin === origin ? `${target.pathname}${target.search}${target.hash}` : null;
}

/** One game tile: its image (loaded when 10% of it is visible) and its name; a click launches it. */
function IntTile({ game, width, busy, onPlay }: { game: CasinoIntGame; width: string; busy: boolean; onPlay: () => void }) {
  const t = useT();
  return (
    <li className="bl-casino-tile" style={{ width }}>
      <button type="button" className="bl-casino-tile__link" aria-busy={busy || undefined} onClick={onPlay}>
        <LazyImage src={game.image} alt="" className="bl-casino-tile__img" />
        <span className="bl-casino-tile__title">{tileTitle({ title: game.game_name }, t)}</span>
      </button>
    </li>
  );
}

/**
 * /casino-int/{type}?category=: the international casino (docs/rules/product.md §2). A row of provider tabs (the
 * path's {type}, the first by default), a row of the provider's sub-category tabs (All, then the
 * `?category=` filter), and the games as tiles. A tile asks the API for the game's launch URL and
 * opens the provider's frame in the full-screen overlay, or, for a page of our own (the Sport
 * Betting provider's exchange), goes there; while a launch is pending or a game is open, another
 * tile does nothing. A refused launch shows the API's message as a toast.
 */
export function CasinoIntList() {
  const t = useT();
  const { casinoInt: casinoIntApi } = useApis();
  const { type } = useParams();
  const [search] = useSearchParams();
  const width = useTileWidth();
  const { load } = useLoad(() => casinoIntApi.games(type ? { type } : {}), type ?? '');
  const [launching, setLaunching] = useState<string | null>(null);
  const [playing, setPlaying] = useState<LaunchedGame | null>(null);
  const navigate = useNavigate();

  const data = load.state === 'done' ? load.value : null;
  const provider = data ? activeProvider(data.providers, type) : undefined;
  const tabs = data ? subCategoriesOf(data.category, provider) : [];
  const subCategory = selectedSubCategory(tabs, search.get('category'));
  const games = data ? intGamesOf(data.result, provider, subCategory) : [];
  const providerPath = (t: string) => generatePath(ROUTES.casinoInt.path, { type: t });

  const play = (game: CasinoIntGame) => {
    if (launching !== null || playing !== null) return;
    setLaunching(game.identifier);
    casinoIntApi
      .playUrl({ gameCode: game.identifier, lobby_url: window.location.href, ipAddress: UNKNOWN_CLIENT_IP, isMobile: mediaMatches(PHONE_QUERY) })
      .then(({ data: launch }) => {
        const own = ownPath(launch.url);
        if (own !== null) void navigate(own);
        else setPlaying({ name: launch.game_name || tileTitle({ title: game.game_name }, t), url: launch.url, scrollable: launch.scrollable });
      }, notifyFailure)
      .finally(() => setLaunching(null));
  };

  // A path whose {type} is no provider's (an old link, a typed address) goes to the first
  // provider's: the API would answer no games for it.
  const first = data?.providers[0];
  if (type !== undefined && first !== undefined && !data?.providers.some((p) => p.type === type)) {
    return <Navigate to={providerPath(first.type)} replace />;
  }

  return (
    <Page title={t('int.title')}>
      {data && data.providers.length > 0 ? (
        <nav className="bl-tabs" aria-label={t('int.providers')}>
          {data.providers.map((p) => (
            <Link key={p._id} to={providerPath(p.type)} className={p === provider ? 'active' : undefined} aria-current={p === provider ? 'page' : undefined}>
              {p.name}
            </Link>
          ))}
        </nav>
      ) : null}
      {provider && tabs.length > 0 ? (
        <nav className="bl-tabs bl-tabs--sub" aria-label={t('int.categories', { provider: provider.name })}>
          <Link to={providerPath(provider.type)} className={subCategory === null ? 'active' : undefined} aria-current={subCategory === null ? 'page' : undefined}>
            {t('int.all')}
          </Link>
          {tabs.map((c) => (
            <Link
              key={c._id}
              to={`${providerPath(provider.type)}?category=${encodeURIComponent(c._id)}`}
              className={c._id === subCategory ? 'active' : undefined}
              aria-current={c._id === subCategory ? 'page' : undefined}
            >
              {c.name}
            </Link>
          ))}
        </nav>
      ) : null}
      {load.state === 'loading' ? <Spinner label={t('lobby.loading')} /> : null}
      {load.state === 'fail' ? <EmptyState>{t('lobby.loadFailed', { message: load.message })}</EmptyState> : null}
      {launching !== null ? <Spinner label={t('int.opening')} /> : null}
      {data && games.length === 0 ? <EmptyState>{t('int.empty')}</EmptyState> : null}
      {provider && games.length > 0 ? (
        <ul className="bl-casino-grid" aria-label={t('int.grid', { provider: provider.name })}>
          {games.map((g) => (
            <IntTile key={g.identifier} game={g} width={width} busy={launching === g.identifier} onPlay={() => play(g)} />
          ))}
        </ul>
      ) : null}
      {playing ? <GameOverlay game={playing} onExit={() => setPlaying(null)} /> : null}
      <BuildTag app="casino" label={__BUILD_LABEL__} />
    </Page>
  );
}
