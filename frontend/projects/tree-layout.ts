/**
 * The version tree's layout as a pure function (docs/decisions/0066-version-tree-layout.md): roots
 * across, versions down, branches side by side. Every node sits in a grid cell; a node's subtree
 * takes a contiguous run of columns, its first version continues straight down and every further
 * branch opens the next free column to the right. Connectors are orthogonal elbows between cell
 * centres, so the screen draws them in cell units whatever the cell's pixel size.
 */

/** What the layout needs of a generation (VersionedItem has it). */
export interface TreeItem {
  id: string;
  parentId: string | null;
}

export interface TreeNode<T extends TreeItem> {
  item: T;
  /** 0-based grid column (across). */
  column: number;
  /** 0-based grid row: the version's depth below its root (down). */
  row: number;
  /** The parent id the item names but the project does not hold (it was moved or deleted). */
  missingParentId: string | null;
}

interface TreeEdge {
  from: string;
  to: string;
  /** An SVG path in cell units: parent centre, down to the row boundary, across, down to the child centre. */
  path: string;
}

export interface TreeLayout<T extends TreeItem> {
  /** In reading order: each root, then its versions depth first (the keyboard's order too). */
  nodes: TreeNode<T>[];
  edges: TreeEdge[];
  columns: number;
  rows: number;
}

/** Children of each id in the order given (oldest first), and the roots: no parent, or one the list lacks. */
function forest<T extends TreeItem>(items: readonly T[]): { roots: T[]; children: Map<string, T[]> } {
  const ids = new Set(items.map((item) => item.id));
  const roots: T[] = [];
  const children = new Map<string, T[]>();
  for (const item of items) {
    if (item.parentId === null || item.parentId === item.id || !ids.has(item.parentId)) {
      roots.push(item);
      continue;
    }
    const siblings = children.get(item.parentId) ?? [];
    siblings.push(item);
    children.set(item.parentId, siblings);
  }
  return { roots, children };
}

/** The elbow from a parent's cell to its child's, in cell units (a cell is 1 × 1, centres at .5). */
export function edgePath(parent: { column: number; row: number }, child: { column: number; row: number }): string {
  const x1 = parent.column + 0.5;
  const x2 = child.column + 0.5;
  const bend = child.row;
  return x1 === x2 ? `M${x1} ${parent.row + 0.5}V${child.row + 0.5}` : `M${x1} ${parent.row + 0.5}V${bend}H${x2}V${child.row + 0.5}`;
}

export function layoutTree<T extends TreeItem>(items: readonly T[]): TreeLayout<T> {
  const { roots, children } = forest(items);
  const nodes: TreeNode<T>[] = [];
  const edges: TreeEdge[] = [];
  const placed = new Set<string>();
  let rows = 0;

  /** Places `item` at (column, row) and its subtree below it; returns how many columns it took. */
  const place = (item: T, column: number, row: number, parent: TreeNode<T> | null): number => {
    placed.add(item.id);
    const missingParentId = parent === null && item.parentId !== null && item.parentId !== item.id ? item.parentId : null;
    const node: TreeNode<T> = { item, column, row, missingParentId };
    nodes.push(node);
    rows = Math.max(rows, row + 1);
    if (parent) edges.push({ from: parent.item.id, to: item.id, path: edgePath(parent, node) });
    let next = column;
    for (const child of children.get(item.id) ?? []) {
      if (placed.has(child.id)) continue;
      next += place(child, next, row + 1, node);
    }
    return Math.max(1, next - column);
  };

  let columns = 0;
  for (const root of roots) columns += place(root, columns, 0, null);
  // A cycle of parents (never made by the Worker, but data is data) has no root: each of its
  // members not yet placed starts a tree of its own, so nothing the project holds is hidden.
  for (const item of items) if (!placed.has(item.id)) columns += place(item, columns, 0, null);
  return { nodes, edges, columns, rows };
}
