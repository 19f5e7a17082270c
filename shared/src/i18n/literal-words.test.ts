import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * No screen says a word of its own outside the catalogs (issue 36): a JSX text, or a string given
 * as an element's accessible name or hint (aria-label, title, placeholder, alt, label), with an
 * English word in it stays English on a Hindi page, and the e2e's check for catalog English cannot
 * see it. Such a word goes into the app's catalog (en.json and hi.json) and is said with `t`.
 * Codes said the same in both languages are listed below.
 */
const ROOT = join(__dirname, '..', '..', '..');
const SOURCES = ['shell/src', 'remote-sports/src', 'remote-casino/src', 'remote-payments/src', 'remote-admin/src', 'shared/src'];
const NAMING_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'title', 'placeholder', 'alt', 'label']);
/** Words that are codes or names, the same in English and Hindi. */
const SAME_IN_BOTH = new Set(['RTP', 'UPI', 'UPI ID', '· UTR']);
const WORD = /[A-Za-z]{2,}/;

function screens(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') screens(path, found);
    } else if (entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx')) found.push(path);
  }
  return found;
}

/** The string literals an attribute's value can be: itself, or either branch of a condition. */
function literalsOf(node: ts.Expression | ts.JsxAttributeValue | undefined): string[] {
  if (node === undefined) return [];
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isJsxExpression(node)) return literalsOf(node.expression);
  if (ts.isParenthesizedExpression(node)) return literalsOf(node.expression);
  if (ts.isConditionalExpression(node)) return [...literalsOf(node.whenTrue), ...literalsOf(node.whenFalse)];
  if (ts.isBinaryExpression(node) && (node.operatorToken.kind === ts.SyntaxKind.BarBarToken || node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)) {
    return [...literalsOf(node.left), ...literalsOf(node.right)];
  }
  return [];
}

/** Each word a file's screens say outside a catalog: `file:line: what`. */
function literalWords(path: string, text = readFileSync(path, 'utf8')): string[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const at = (node: ts.Node) => `${relative(ROOT, path)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node)) {
      const text = node.text.replace(/\s+/g, ' ').trim();
      if (WORD.test(text) && !SAME_IN_BOTH.has(text)) found.push(`${at(node)}: ${JSON.stringify(text)}`);
    } else if (ts.isJsxAttribute(node) && NAMING_ATTRIBUTES.has(node.name.getText(source))) {
      for (const text of literalsOf(node.initializer)) {
        if (WORD.test(text) && !SAME_IN_BOTH.has(text)) found.push(`${at(node)}: ${node.name.getText(source)}=${JSON.stringify(text)}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the screens say their words through the catalogs', () => {
  it('have no English word in JSX text or in an accessible name, title or placeholder', () => {
    const files = SOURCES.flatMap((dir) => screens(join(ROOT, dir)));
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((file) => literalWords(file))).toEqual([]);
  });

  it('finds such a word (the check can fail)', () => {
    const sample = [
      "import { t } from './catalog';",
      'export const Sample = ({ dark }: { dark: boolean }) => (',
      '  <span title={t(dark ? "a" : "b")} aria-label={t("c")}>',
      '    {t("d")} RTP',
      '    <button type="button">Install app</button>',
      '    <button type="button" aria-label="Hide the offer">×</button>',
      "    <button type=\"button\" title={dark ? 'Dark theme on' : 'Dark theme off'} />",
      '  </span>',
      ');',
    ].join('\n');
    expect(literalWords(join(ROOT, 'sample.tsx'), sample)).toEqual([
      'sample.tsx:5: "Install app"',
      'sample.tsx:6: aria-label="Hide the offer"',
      "sample.tsx:7: title=\"Dark theme on\"",
      "sample.tsx:7: title=\"Dark theme off\"",
    ]);
  });
});
