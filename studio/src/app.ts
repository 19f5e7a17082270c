/**
 * The studio's HTTP surface, three audiences on one origin (the routes, one module per concern,
 * are under http/; the HTML under pages/):
 *
 * - the operator, CW-1 signed both ways (http/cw1-signing.ts): POST /v1/sessions,
 *   GET /v1/rounds/:roundId, GET /v1/reports/transactions?date= (http/cw1.routes.ts);
 * - the player's browser, inside the operator's frame: GET /play/:gameCode?t= (the game page,
 *   frame-able only by the operator's origins), its static files under /assets/
 *   (http/page.routes.ts), and the play API under /play-api/ authorised by the page's play token
 *   (Authorization: Bearer; http/play-api.routes.ts);
 * - anyone: GET /verify (recompute a round from its seeds) and POST /verify-api/outcome
 *   (http/verify-api.routes.ts).
 */
import { join } from 'node:path';
import Fastify from 'fastify';
import { cw1Signing } from './http/cw1-signing';
import { cw1Routes } from './http/cw1.routes';
import { errorHandler } from './http/error-handler';
import { jsonBodyWithRaw } from './http/json-body';
import { pageRoutes } from './http/page.routes';
import { playApiRoutes } from './http/play-api.routes';
import { verifyApiRoutes } from './http/verify-api.routes';
import { loadAssets } from './pages/page';
import type { Studio } from './studio';

/** The page's static files, read once: the folder next to src/ or dist/. */
// dist/main.js finds the browser bundle of the outcome code beside it (build.mjs); the sources have none.
const ASSETS = loadAssets(join(__dirname, '..', 'public'), __dirname);

export function buildStudioApp(studio: Studio, options: { logger?: boolean | { level: string } } = {}) {
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 16 * 1024 });
  // Set on the root before the routes register: every route module inherits both.
  jsonBodyWithRaw(app);
  errorHandler(app);

  void app.register(cw1Routes, { studio, cw1: cw1Signing(studio.config) });
  void app.register(pageRoutes, { studio, assets: ASSETS });
  void app.register(playApiRoutes, { studio });
  void app.register(verifyApiRoutes);
  return app;
}
