import type { ComponentType } from 'react';
import type { Apis } from './kernel/apis';
import type { RemoteScreens, RouteOwner } from './contracts/routes';

/** The route parameters of the page being opened (as react-router's `useParams` gives them). */
export type ScreenParams = Readonly<Record<string, string | undefined>>;

/**
 * What a remote exposes as its one route module (`./routes`): a screen component for each route
 * name the route table gives it, plus its build label. The shell owns the URLs and decides where
 * each screen is mounted.
 */
export interface RemoteModule<O extends RouteOwner> {
  screens: { [K in keyof RemoteScreens<O>]: ComponentType };
  /**
   * Per screen, the calls it makes first, asked early (`askEarly`) when a page opens on it, while
   * the screen's own chunk is still loading; the screen takes the answers with `earlyAnswerOr`
   * under the same keys (ADR 0085). A screen without an entry asks when it is drawn.
   */
  prefetch?: { [K in keyof RemoteScreens<O>]?: (params: ScreenParams, apis: Apis) => void };
  buildLabel: string;
}
