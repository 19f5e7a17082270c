/**
 * What the browser loads: GET /play/:gameCode?t= (the game page, which spends the launch token;
 * frame-able only by the operator's origins), GET /verify, the pages' files under /assets/, and
 * /health and /favicon.ico. The HTML itself is pages/page.ts.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isGameCode } from '../games/outcome';
import { disclosedRules } from '../games/rules';
import { escapeHtml, pageHeaders, renderPage, type Asset } from '../pages/page';
import { PlayError, type Studio } from '../studio';

const TITLES: Record<string, string> = { crash: 'Crash', mines: 'Mines', plinko: 'Plinko', dice: 'Dice', limbo: 'Limbo', hilo: 'HiLo' };

export async function pageRoutes(app: FastifyInstance, options: { studio: Studio; assets: Readonly<Record<string, Asset>> }): Promise<void> {
  const { studio, assets } = options;
  const headers = pageHeaders(studio.config.frameAncestors);

  function page(reply: FastifyReply, code: number, title: string, body: string, script: string | readonly string[] | null) {
    return reply.code(code).headers(headers).type('text/html; charset=utf-8').send(renderPage(title, body, script));
  }

  app.get<{ Params: { gameCode: string }; Querystring: { t?: string } }>('/play/:gameCode', async (req, reply) => {
    const { gameCode } = req.params;
    try {
      if (!isGameCode(gameCode)) throw new PlayError(404, 'No such game');
      const play = await studio.openPage(gameCode, typeof req.query.t === 'string' ? req.query.t : '');
      const boot = { game: gameCode, playToken: play.playToken, rules: disclosedRules() };
      return page(
        reply,
        200,
        TITLES[gameCode],
        `<main id="app" data-boot="${escapeHtml(JSON.stringify(boot))}"><p>Loading ${escapeHtml(TITLES[gameCode])}…</p></main>`,
        'game.js',
      );
    } catch (error) {
      if (!(error instanceof PlayError)) throw error;
      return page(reply, error.statusCode, 'Game', `<main class="notice" role="alert"><h1>Backlay Studio</h1><p>${escapeHtml(error.message)}</p></main>`, null);
    }
  });

  app.get('/verify', async (_req, reply) =>
    page(reply, 200, 'Verify a round', `<main id="verify" data-rules="${escapeHtml(JSON.stringify(disclosedRules()))}"><p>Loading…</p></main>`, assets['outcome.js'] ? ['outcome.js', 'verify.js'] : 'verify.js'),
  );

  app.get<{ Params: { file: string } }>('/assets/:file', async (req, reply) => {
    const asset = assets[req.params.file];
    if (!asset) return reply.code(404).send({ message: 'Not found' });
    return reply.type(asset.type).header('cache-control', 'no-cache').header('x-content-type-options', 'nosniff').send(asset.body);
  });

  app.get('/health', async () => ({ status: 'ok' }));
  // Browsers ask for it on every page; an empty answer keeps the console clean.
  app.get('/favicon.ico', async (_req, reply) => reply.code(204).send());
}
