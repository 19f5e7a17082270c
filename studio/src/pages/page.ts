/**
 * The HTML the studio serves: one page shell (the game page and the verify page, and the notice
 * of a refused launch), its headers (a CSP that lets only the operator's origins frame it), and
 * the static files the pages load from /assets/. No logic of the games: the pages' scripts are in
 * public/, their rules come from games/rules.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Asset {
  type: string;
  body: string;
}

/**
 * The pages' static files, read once from `publicDir`, and from `bundleDir` the games' outcome code
 * bundled for the browser (`outcome.js`, written by build.mjs beside dist/main.js) when it is there:
 * the verify page then recomputes a round in the player's browser with the code the server runs.
 */
export function loadAssets(publicDir: string, bundleDir?: string): Record<string, Asset> {
  const assets: Record<string, Asset> = {
    'game.js': { type: 'text/javascript; charset=utf-8', body: readFileSync(join(publicDir, 'game.js'), 'utf8') },
    'verify.js': { type: 'text/javascript; charset=utf-8', body: readFileSync(join(publicDir, 'verify.js'), 'utf8') },
    'studio.css': { type: 'text/css; charset=utf-8', body: readFileSync(join(publicDir, 'studio.css'), 'utf8') },
  };
  const outcome = bundleDir === undefined ? null : join(bundleDir, 'outcome.js');
  if (outcome !== null && existsSync(outcome)) assets['outcome.js'] = { type: 'text/javascript; charset=utf-8', body: readFileSync(outcome, 'utf8') };
  return assets;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The headers of every page: its CSP (framed only by `frameAncestors`), no caching, no referrer, no sniffing. */
export function pageHeaders(frameAncestors: readonly string[]): Record<string, string> {
  const csp = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${frameAncestors.join(' ')}`,
  ].join('; ');
  return { 'content-security-policy': csp, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', 'x-content-type-options': 'nosniff' };
}

/** A whole page: `title` (escaped here), `body` (HTML, escaped by the caller) and its scripts of /assets/, in order. */
export function renderPage(title: string, body: string, script: string | readonly string[] | null): string {
  const scripts = script === null ? [] : typeof script === 'string' ? [script] : script;
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(title)} · Backlay Studio</title><link rel="stylesheet" href="/assets/studio.css"></head>` +
    `<body>${body}${scripts.map((file) => `<script src="/assets/${file}"></script>`).join('')}</body></html>`
  );
}
