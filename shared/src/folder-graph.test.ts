/**
 * @jest-environment node
 *
 * The folders of shared/src import each other without a cycle (issue 31; the rule and its reading
 * are in shared/src/testing/folder-graph.ts): a cycle would mean neither folder can be read,
 * tested or moved without the other. And shared/src is sliced by domain (ADR 0050): a domain
 * folder imports the kernel, the kit, contracts and domain (the casino's also casino and cw1),
 * never another domain folder; the kernel and the kit import no domain folder.
 */
import { readdirSync } from 'node:fs';
import { folderCycles, folderGraph, forbiddenEdges } from './testing/folder-graph';

const DOMAINS = ['account', 'agents', 'casino-client', 'payments', 'sports'];
/** What every domain folder may import; the casino's client also reads the games and CW-1. */
const DOMAIN_MAY_IMPORT = ['contracts', 'domain', 'i18n', 'kernel', 'ui'];
const CASINO_MAY_ALSO_IMPORT = ['casino', 'cw1'];
/** Below the domains: the kernel, the kit and the languages (i18n); beside them the isomorphic folders the API enters through, and test builders. */
const OTHER_FOLDERS = ['casino', 'contracts', 'cw1', 'domain', 'i18n', 'kernel', 'testing', 'ui'];

function allowed(from: string, to: string): boolean {
  if (DOMAINS.includes(from)) return DOMAIN_MAY_IMPORT.includes(to) || (from === 'casino-client' && CASINO_MAY_ALSO_IMPORT.includes(to));
  if (from === 'kernel' || from === 'ui') return !DOMAINS.includes(to);
  return true;
}

it('shared/src: its folders import each other without a cycle', () => {
  const { folders, edges, report } = folderCycles(__dirname);
  // The graph is read from the real tree: an empty one would pass for the wrong reason.
  expect(folders).toBeGreaterThan(2);
  expect(edges).toBeGreaterThan(1);
  expect(report).toBe('0 folder cycle(s)');
});

it('shared/src: every folder is a domain or one of the folders below and beside them', () => {
  const folders = readdirSync(__dirname, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  expect(folders.sort()).toEqual([...DOMAINS, ...OTHER_FOLDERS].sort());
});

it('shared/src: a domain folder imports the kernel, the kit, contracts and domain, never another domain; the kernel and the kit no domain', () => {
  const graph = folderGraph(__dirname);
  // Every domain folder is read and imports the kernel: a rule over no edges would pass for the wrong reason.
  expect(DOMAINS.filter((domain) => !graph.get(domain)?.has('kernel'))).toEqual([]);
  expect(forbiddenEdges(graph, allowed)).toEqual([]);
});
