import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadAssets, renderPage } from './page';

const PUBLIC = join(__dirname, '..', '..', 'public');

describe('the pages and their files', () => {
  it("serves the outcome code bundled for the browser when the build wrote it beside the server's code, and only then", () => {
    const built = mkdtempSync(join(tmpdir(), 'studio-bundle-'));
    expect(Object.keys(loadAssets(PUBLIC, built)).sort()).toEqual(['game.js', 'studio.css', 'verify.js']);
    writeFileSync(join(built, 'outcome.js'), 'var BacklayOutcome = {};');
    const assets = loadAssets(PUBLIC, built);
    expect(assets['outcome.js']).toEqual({ type: 'text/javascript; charset=utf-8', body: 'var BacklayOutcome = {};' });
    expect(Object.keys(loadAssets(PUBLIC))).not.toContain('outcome.js');
  });

  it('loads a page\'s scripts in the order given (the outcome code before the verify page\'s script)', () => {
    const html = renderPage('Verify a round', '<main></main>', ['outcome.js', 'verify.js']);
    expect(html).toContain('<main></main><script src="/assets/outcome.js"></script><script src="/assets/verify.js"></script></body>');
    expect(renderPage('Game', '<main></main>', null)).not.toContain('<script');
  });
});
