import { describe, expect, it } from 'vitest';
import { edgePath, layoutTree, type TreeItem } from '../../../frontend/projects/tree-layout';

const item = (id: string, parentId: string | null = null): TreeItem => ({ id, parentId });
const place = (layout: ReturnType<typeof layoutTree>) =>
  Object.fromEntries(layout.nodes.map((node) => [node.item.id, [node.column, node.row]]));

describe('the version tree layout', () => {
  it('puts roots across and versions down', () => {
    const layout = layoutTree([item('a'), item('b'), item('a2', 'a'), item('a3', 'a2')]);
    expect(place(layout)).toEqual({ a: [0, 0], a2: [0, 1], a3: [0, 2], b: [1, 0] });
    expect(layout.columns).toBe(2);
    expect(layout.rows).toBe(3);
    expect(layout.nodes.map((node) => node.row)).toEqual([0, 1, 2, 0]);
  });

  it('sets branches side by side, each subtree in its own run of columns', () => {
    // a → a1 → (a11, a12); a → a2; then another root c.
    const layout = layoutTree([item('a'), item('a1', 'a'), item('a2', 'a'), item('a11', 'a1'), item('a12', 'a1'), item('c')]);
    expect(place(layout)).toEqual({ a: [0, 0], a1: [0, 1], a11: [0, 2], a12: [1, 2], a2: [2, 1], c: [3, 0] });
    expect(layout.columns).toBe(4);
  });

  it('lists nodes in reading order: a root, then its versions depth first', () => {
    const layout = layoutTree([item('a'), item('b'), item('a1', 'a'), item('b1', 'b'), item('a2', 'a')]);
    expect(layout.nodes.map((node) => node.item.id)).toEqual(['a', 'a1', 'a2', 'b', 'b1']);
  });

  it('makes a child whose parent is not in the project a root, and says which parent is missing', () => {
    const layout = layoutTree([item('x', 'gone'), item('x1', 'x')]);
    expect(place(layout)).toEqual({ x: [0, 0], x1: [0, 1] });
    expect(layout.nodes[0]?.missingParentId).toBe('gone');
    expect(layout.nodes[1]?.missingParentId).toBeNull();
    expect(layout.edges).toHaveLength(1);
  });

  it('draws one edge per parent and child, an elbow through the row boundary', () => {
    const layout = layoutTree([item('a'), item('a1', 'a'), item('a2', 'a')]);
    expect(layout.edges).toEqual([
      { from: 'a', to: 'a1', path: 'M0.5 0.5V1.5' },
      { from: 'a', to: 'a2', path: 'M0.5 0.5V1H1.5V1.5' },
    ]);
    expect(edgePath({ column: 2, row: 3 }, { column: 4, row: 4 })).toBe('M2.5 3.5V4H4.5V4.5');
  });

  it('shows every item even when parents form a cycle', () => {
    const layout = layoutTree([item('p', 'q'), item('q', 'p'), item('r')]);
    expect(layout.nodes.map((node) => node.item.id).sort()).toEqual(['p', 'q', 'r']);
    expect(new Set(layout.nodes.map((node) => `${node.column},${node.row}`)).size).toBe(3);
  });

  it('is empty for an empty project', () => {
    expect(layoutTree([])).toEqual({ nodes: [], edges: [], columns: 0, rows: 0 });
  });
});
