/**
 * @jest-environment node
 */
import { elementaryCycles, forbiddenEdges, relativeSpecifiers, type FolderGraph } from './folder-graph';

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

describe('forbiddenEdges', () => {
  it('lists each refused edge with the imports that make it, and nothing else', () => {
    const graph: FolderGraph = new Map([
      ['a', new Map([['kernel', ['a/x.ts → ../kernel/k']], ['b', ['a/x.ts → ../b/y', 'a/z.ts → ../b']]])],
      ['kernel', new Map([['ui', ['kernel/k.ts → ../ui/kit']]])],
    ]);
    expect(forbiddenEdges(graph, (from, to) => !(from === 'a' && to === 'b'))).toEqual(['a → b: a/x.ts → ../b/y, a/z.ts → ../b']);
    expect(forbiddenEdges(graph, () => true)).toEqual([]);
  });
});
