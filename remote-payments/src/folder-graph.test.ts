/**
 * @jest-environment node
 *
 * The folders of remote-payments/src import each other without a cycle (issue 31; the rule and its reading
 * are in shared/src/testing/folder-graph.ts): a cycle would mean neither folder can be read,
 * tested or moved without the other.
 */
import { folderCycles } from '@backlay/shared/folder-graph';

it('remote-payments/src: its folders import each other without a cycle', () => {
  const { folders, edges, report } = folderCycles(__dirname);
  // The graph is read from the real tree: an empty one would pass for the wrong reason.
  expect(folders).toBeGreaterThan(2);
  expect(edges).toBeGreaterThan(1);
  expect(report).toBe('0 folder cycle(s)');
});
