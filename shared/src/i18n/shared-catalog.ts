import { defineCatalog } from './i18n';
import en from './shared.en.json';

/** The shared package's own words (the UI kit, the slip, the tables' common parts), in each language. */
export const { t: sharedT, useT: useSharedT } = defineCatalog('shared', en, {
  hi: () => import(/* webpackChunkName: "i18n-shared-hi" */ './shared.hi.json'),
});
