/**
 * The folder graph of a package's `src` (issue 31): every package's folders import each other
 * without a cycle, as api/src's always did (issue 16). A cycle between folders means neither can
 * be read, tested or moved without the other. A folder is the first path segment under src/ (a
 * file at the top, such as app.tsx, is a node of its own); an edge is an import, export-from or
 * import() of a relative specifier that leaves the folder. Type-only imports count: they tie two
 * folders together as much as value imports do. Test files are not read (a test may reach across).
 *
 * Node only (fs, the TypeScript parser): each package's `src/folder-graph.test.ts` calls
 * `folderCycles(__dirname)` under `@jest-environment node`; no browser code imports it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Folder → folder it imports → the imports that make the edge ("table/Table.tsx → ../verify/x"). */
export type FolderGraph = Map<string, Map<string, string[]>>;

const SOURCE = /\.(ts|tsx|mts|cts)$/;
const TEST = /\.test\.(ts|tsx)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return SOURCE.test(entry.name) && !TEST.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The node a path under src/ belongs to: its first segment. */
function folderOf(relative: string): string {
  return relative.split('/')[0] ?? relative;
}

/** Relative specifiers of every import, export-from and import() in a file's text. */
export function relativeSpecifiers(text: string): string[] {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((file) => file.fileName)
    .filter((specifier) => specifier.startsWith('.'));
}

/** The graph of the folders under `root` (a package's src). */
export function folderGraph(root: string): FolderGraph {
  const graph: FolderGraph = new Map();
  for (const file of sourceFiles(root)) {
    const from = path.relative(root, file).split(path.sep).join('/');
    for (const specifier of relativeSpecifiers(readFileSync(file, 'utf8'))) {
      const target = path.relative(root, path.resolve(path.dirname(file), specifier)).split(path.sep).join('/');
      if (target.startsWith('..')) continue;
      const [a, b] = [folderOf(from), folderOf(target)];
      if (a === b) continue;
      const edges = graph.get(a) ?? new Map<string, string[]>();
      graph.set(a, edges.set(b, [...(edges.get(b) ?? []), `${from} → ${specifier}`]));
    }
  }
  return graph;
}

/**
 * The edges `allowed(from, to)` refuses, each with the imports that make it
 * ("sports → account: sports/x.ts → ../account/index"): what a failing folder-rule test prints.
 */
export function forbiddenEdges(graph: FolderGraph, allowed: (from: string, to: string) => boolean): string[] {
  return [...graph].flatMap(([from, targets]) =>
    [...targets].filter(([to]) => !allowed(from, to)).map(([to, imports]) => `${from} → ${to}: ${imports.join(', ')}`),
  );
}

/**
 * Every elementary cycle, each once: it starts at its smallest folder and visits only larger
 * ones (so a rotation is never reported again). Folder graphs are small; the search is plain DFS.
 */
export function elementaryCycles(edges: ReadonlyMap<string, Iterable<string>>): string[][] {
  const nodes = [...new Set([...edges.keys(), ...[...edges.values()].flatMap((to) => [...to])])].sort();
  const cycles: string[][] = [];
  for (const start of nodes) {
    const walk = (node: string, pathSoFar: string[]): void => {
      for (const next of [...(edges.get(node) ?? [])].sort()) {
        if (next === start) cycles.push([...pathSoFar]);
        else if (next > start && !pathSoFar.includes(next)) walk(next, [...pathSoFar, next]);
      }
    };
    walk(start, [start]);
  }
  return cycles;
}

function formatCycle(cycle: readonly string[], graph: FolderGraph): string {
  const hops = cycle.map((from, i) => {
    const to = cycle[(i + 1) % cycle.length] ?? from;
    return `    ${from} → ${to}: ${(graph.get(from)?.get(to) ?? []).join(', ')}`;
  });
  return [`  ${[...cycle, cycle[0]].join(' → ')}`, ...hops].join('\n');
}

/**
 * The folders and edges read under `root`, and a report of its cycles: "0 folder cycle(s)", or
 * the count with each cycle and the imports that make it (what a failing test prints).
 */
export function folderCycles(root: string): { folders: number; edges: number; report: string } {
  const graph = folderGraph(root);
  const cycles = elementaryCycles(new Map([...graph].map(([from, to]) => [from, [...to.keys()]])));
  const lines = cycles.map((cycle) => formatCycle(cycle, graph)).join('\n');
  const folders = new Set([...graph.keys(), ...[...graph.values()].flatMap((to) => [...to.keys()])]).size;
  const edges = [...graph.values()].reduce((n, to) => n + to.size, 0);
  return { folders, edges, report: `${cycles.length} folder cycle(s)${lines.length > 0 ? `:\n${lines}` : ''}` };
}
