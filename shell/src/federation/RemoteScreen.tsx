import { Component, Suspense, useCallback, useEffect, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { Button, Spinner, importWithRetry, realApis, type Apis, type RouteName, type ScreenParams } from '@backlay/shared';
import { isLoadError, loadRouteModule, type RemoteName } from './remotes';
import { lazy } from 'react';
import { useT, type ShellKey } from '../i18n';

/** Back-off of automatic retries of a remote that failed to load: 2 s, 4 s, … up to 30 s. */
export function autoRetryDelayMs(attempt: number): number {
  return Math.min(2_000 * 2 ** attempt, 30_000);
}

/** After this many failed attempts the fallback also offers a full page reload. */
export const RELOAD_OFFER_AFTER = 2;

/** A screen of a remote: `remote:screen`. */
const screenKey = (remote: RemoteName, screen: RouteName) => `${remote}:${screen}`;

/** Screens loaded (route module and the screen's own chunk), drawn without suspending. */
const loaded = new Map<string, ComponentType>();
/** Loads in flight, shared by a prefetch and the screen's first render. */
const loading = new Map<string, Promise<ComponentType>>();

type Prefetches = Partial<Record<string, (params: ScreenParams, apis: Apis) => void>>;

/**
 * Ask the screen's first calls (its route module's `prefetch`, ADR 0085). Never in the way of the
 * screen: a prefetch that throws is reported and the screen asks for itself when drawn.
 */
function askScreenEarly(prefetch: Prefetches | undefined, screen: RouteName, params: ScreenParams): void {
  try {
    prefetch?.[screen]?.(params, realApis());
  } catch (error) {
    console.error(`prefetch of ${screen} failed`, error);
  }
}

/**
 * Load a remote's screen: its route module, then the screen's own chunk when the screen is a
 * `lazyWithRetry` (its `preload`), so the screen is drawn in one commit, not one suspense per
 * chunk (ADR 0082). With `params` (the page being opened), the screen's first calls are asked as
 * soon as the route module is here, beside the screen's chunk (ADR 0085). A failed load is
 * forgotten, so the next attempt loads anew.
 */
export function loadScreen(remote: RemoteName, screen: RouteName, params?: ScreenParams): Promise<ComponentType> {
  const key = screenKey(remote, screen);
  let pending = loading.get(key);
  if (!pending) {
    pending = (async () => {
      const mod = await importWithRetry(() => loadRouteModule(remote), 1);
      if (params) askScreenEarly(mod.prefetch as Prefetches | undefined, screen, params);
      const Screen = (mod.screens as Record<string, ComponentType | undefined>)[screen];
      if (!Screen) throw new Error(`remote ${remote} has no screen ${screen}`);
      const preload = (Screen as { preload?: () => Promise<ComponentType> }).preload;
      const Drawn = preload ? await preload() : Screen;
      loaded.set(key, Drawn);
      return Drawn;
    })();
    loading.set(key, pending);
    pending.catch(() => loading.delete(key));
  }
  return pending;
}

/**
 * Start loading the remote screen of `pathname` (with the app, while the session is being
 * restored), and its first calls once its route module is here, when its area has a session;
 * nothing for the shell's own pages. Errors are left to the screen's own load, which shows the
 * fallback.
 */
export function prefetchScreen(
  pathname: string,
  routeAt: (pathname: string) => { remote: RemoteName; screen: RouteName; params: ScreenParams } | null,
): void {
  const at = routeAt(pathname);
  if (at) loadScreen(at.remote, at.screen, at.params).catch(() => undefined);
}

/**
 * React caches a rejected lazy forever, so each retry needs a new lazy; and a lazy created during
 * render is thrown away by transitions (docs/rules/front-end-build.md §4.8). Hence one module-level cache keyed by
 * remote, screen and attempt, which holds a lazy only while it has not failed: a failed one is
 * dropped, so the next render with that key (a retry, or the screen mounted again after the user
 * went elsewhere: its attempts start at 0 again) loads the remote anew instead of replaying the old
 * rejection without a request.
 */
const lazies = new Map<string, ComponentType>();

function screenLazy(remote: RemoteName, screen: RouteName, attempt: number): ComponentType {
  const key = `${screenKey(remote, screen)}#${attempt}`;
  let component = lazies.get(key);
  if (!component) {
    const created = lazy(async () => {
      try {
        const Screen = await loadScreen(remote, screen);
        // A lazy must resolve to a function component, not to another lazy: wrap it.
        const Resolved = () => <Screen />;
        return { default: Resolved };
      } catch (error) {
        if (lazies.get(key) === created) lazies.delete(key);
        throw error;
      }
    });
    component = created;
    lazies.set(key, component);
  }
  return component;
}

interface BoundaryProps {
  remote: RemoteName;
  attempt: number;
  onRetry: () => void;
  children: ReactNode;
}

interface BoundaryState {
  error: Error | null;
}

/** Catches a remote that fails to load or render and shows a fallback inside the layout. */
class RemoteBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // Reported through the browser console, which the e2e suite and monitoring both read.
    console.error(`remote ${this.props.remote} failed`, error, info.componentStack);
  }

  override componentDidUpdate(prev: BoundaryProps): void {
    if (prev.attempt !== this.props.attempt && this.state.error) this.setState({ error: null });
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return <RemoteFallback remote={this.props.remote} error={error} attempt={this.props.attempt} onRetry={this.props.onRetry} />;
  }
}

function RemoteFallback({ remote, error, attempt, onRetry }: { remote: RemoteName; error: Error; attempt: number; onRetry: () => void }) {
  const t = useT();
  const loadError = isLoadError(error);
  const section = t(`remote.section.${remote}` as ShellKey);
  useEffect(() => {
    if (!loadError) return undefined;
    const timer = setTimeout(onRetry, autoRetryDelayMs(attempt));
    return () => clearTimeout(timer);
  }, [loadError, attempt, onRetry]);
  return (
    <div className="bl-fallback" role="alert">
      <h2>{t('remote.unavailable')}</h2>
      <p>
{loadError ? t('remote.loadFailed', { section }) : t('remote.failed', { section })}
      </p>
      <div className="bl-fallback__actions">
        <Button onClick={onRetry}>{t('remote.retry')}</Button>
        {attempt >= RELOAD_OFFER_AFTER ? (
          <Button variant="secondary" onClick={() => window.location.reload()}>
            {t('remote.reload')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function SectionSpinner() {
  const t = useT();
  return <Spinner label={t('remote.loading')} />;
}

/** Render one screen of a remote, with loading state, error boundary and retry. */
export function RemoteScreen({ remote, screen }: { remote: RemoteName; screen: RouteName }) {
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  // A screen already loaded (prefetched with the app, or drawn before) is drawn at once.
  const Screen = loaded.get(screenKey(remote, screen)) ?? screenLazy(remote, screen, attempt);
  return (
    <RemoteBoundary remote={remote} attempt={attempt} onRetry={retry}>
      <Suspense fallback={<SectionSpinner />}>
        <Screen />
      </Suspense>
    </RemoteBoundary>
  );
}
