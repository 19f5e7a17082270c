/**
 * The folders of api/src import each other without a cycle (issue 16, step 7). A cycle between
 * folders means neither can be read, tested or moved without the other: the shared kernel lives
 * in common/ and plugins/, and a domain reaches another only downwards. A folder is the first
 * path segment under src/ (a file at the top, such as app.ts, is a node of its own); an edge is
 * an import, export-from or import() of a relative specifier that leaves the folder. Type-only
 * imports count: they tie two folders together as much as value imports do.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Folder → folder it imports → the imports that make the edge ("auth/auth.service.ts → ../users/users.repository"). */
type FolderGraph = Map<string, Map<string, string[]>>;

const SRC = __dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
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

function folderGraph(root: string): FolderGraph {
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

describe('relativeSpecifiers', () => {
  it('reads imports, type imports, export-from and import() over several lines, and skips packages', () => {
    const text = [
      "import { a } from '../x/a';",
      "import type {\n  B,\n} from './b';",
      "export { c } from '../y/c';",
      "export * from '../z';",
      "import fastify from 'fastify';",
      "const lazy = () => import('../w/lazy');",
      "// import { no } from '../comment';",
    ].join('\n');
    expect(relativeSpecifiers(text)).toEqual(['../x/a', './b', '../y/c', '../z', '../w/lazy']);
  });
});

describe('elementaryCycles', () => {
  it.each<[string, Record<string, string[]>, string[][]]>([
    ['none in a chain', { a: ['b'], b: ['c'] }, []],
    ['a pair', { a: ['b'], b: ['a'] }, [['a', 'b']]],
    // Two cycles through a and b: a→b→a and a→b→c→a; d only points in.
    ['each cycle once', { a: ['b'], b: ['a', 'c'], c: ['a'], d: ['a'] }, [['a', 'b'], ['a', 'b', 'c']]],
    ['from the smallest node', { z: ['y'], y: ['x'], x: ['z'] }, [['x', 'z', 'y']]],
  ])('%s', (_name, edges, expected) => {
    expect(elementaryCycles(new Map(Object.entries(edges)))).toEqual(expected);
  });
});

describe('api/src folders', () => {
  it('import each other without a cycle', () => {
    const graph = folderGraph(SRC);
    // The graph is read from the real tree: an empty one would pass for the wrong reason.
    expect(graph.get('app.ts')?.size ?? 0).toBeGreaterThan(10);
    const cycles = elementaryCycles(new Map([...graph].map(([from, to]) => [from, [...to.keys()]])));
    const report = cycles.map((cycle) => formatCycle(cycle, graph)).join('\n');
    expect(`${cycles.length} folder cycle(s)${report.length > 0 ? `:\n${report}` : ''}`).toBe('0 folder cycle(s)');
  });
});
