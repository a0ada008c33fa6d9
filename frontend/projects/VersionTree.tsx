import { useMemo, type CSSProperties, type ReactNode } from 'react';
import type { Plan } from '#shared/plans';
import type { VersionedItem } from '../api/projects';
import { projectUiMessages } from './copy';
import { layoutTree } from './tree-layout';
import { TreeNodeCard, type TreeNodeActions } from './TreeNode';

interface VersionTreeProps extends TreeNodeActions {
  items: VersionedItem[];
  projectId: string;
  plan: Plan | undefined;
  now: number;
  heroId: string | null;
  selected: readonly string[];
  /** A review approval badge for a version (the review screens plug in here). */
  renderApproval?: (item: VersionedItem) => ReactNode;
}

/**
 * The project's version tree (docs/decisions/0066-version-tree-layout.md): a grid of equal cells
 * placed by layoutTree, with the connectors drawn once in cell units underneath, so they meet
 * the nodes whatever size the cells take. Scrolls sideways when wider than the screen; nodes
 * are in reading order for the keyboard.
 */
export function VersionTree({ items, projectId, plan, now, heroId, selected, renderApproval, ...actions }: VersionTreeProps) {
  const layout = useMemo(() => layoutTree(items), [items]);
  if (layout.nodes.length === 0) return <p className="version-tree-empty">{projectUiMessages.treeEmpty}</p>;
  const size = { '--tree-columns': layout.columns, '--tree-rows': layout.rows } as CSSProperties;
  return (
    <div className="version-tree-scroll">
      <div className="version-tree" style={size}>
        <svg className="version-tree-edges" viewBox={`0 0 ${layout.columns} ${layout.rows}`} preserveAspectRatio="none" aria-hidden="true">
          {layout.edges.map((edge) => (
            <path key={`${edge.from}-${edge.to}`} d={edge.path} vectorEffect="non-scaling-stroke" />
          ))}
        </svg>
        <ol className="version-tree-nodes" aria-label={projectUiMessages.treeLabel}>
          {layout.nodes.map((node) => (
            <li key={node.item.id} style={{ gridColumn: node.column + 1, gridRow: node.row + 1 }}>
              <TreeNodeCard node={node} projectId={projectId} plan={plan} now={now} isHero={heroId === node.item.id}
                selected={selected.includes(node.item.id)} approvalSlot={renderApproval?.(node.item)} {...actions} />
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}
