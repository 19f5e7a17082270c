import type { ComponentType } from 'react';
import type { RemoteScreens, RouteOwner } from './contracts/routes';

/**
 * What a remote exposes as its one route module (`./routes`): a screen component for each route
 * name the route table gives it, plus its build label. The shell owns the URLs and decides where
 * each screen is mounted.
 */
export interface RemoteModule<O extends RouteOwner> {
  screens: { [K in keyof RemoteScreens<O>]: ComponentType };
  buildLabel: string;
}
