import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { srcsetOf } from '#shared/renditions';
import { branchParent, versionName } from '#shared/version-names';
import type { Plan } from '#shared/plans';
import { placeholderDataUrl } from '../gallery/placeholder';
import { Icon } from '../ui/icons';
import { branchIcon, compareIcon, heroIcon, starIcon, wipeIcon } from '../ui/tool-icons';
import { regionEditIcon, upscaleIcon } from '../ui/card-icons';
import type { VersionedItem } from '../api/projects';
import type { TreeNode as PlacedNode } from './tree-layout';
import { projectUiMessages } from './copy';
import { exactTime, relativeTime } from './relative-time';
import { branchHref, COVER_ASPECT, coverShare, treeImageSizes } from './rules';
import { beforeAfterHref, editInfoOf } from '../edit/before-after';
import { editCopy } from '../edit/copy';
import { upscaleCopy } from '../upscale/copy';
import { upscaleCompareHref, upscaleInfoOf, upscaleTargetOf } from '../upscale/target';
import { UpscaleButton } from '../upscale/UpscaleButton';
import { FidelityBadge } from '../fidelity/FidelityBadge';

export interface TreeNodeActions {
  onOpen: (item: VersionedItem) => void;
  /** Star and hero: no buttons without them (a workspace's viewer). */
  onToggleStar?: (item: VersionedItem) => void;
  onToggleCompare: (item: VersionedItem) => void;
  onUseAsHero?: (item: VersionedItem) => void;
  /** Offers a branch into the studio (false for a workspace's viewer, who cannot generate). */
  branch?: boolean;
  /** Opens the mask editor on the version's first image; no button without it. */
  onEditRegion?: (item: VersionedItem) => void;
  /** Offers "Upscale ×2" on the version's first image. */
  upscale?: boolean;
}

interface TreeNodeProps extends TreeNodeActions {
  node: PlacedNode<VersionedItem>;
  projectId: string;
  plan: Plan | undefined;
  now: number;
  isHero: boolean;
  selected: boolean;
  /** Room for a review approval badge (the review screens fill it); nothing when absent. */
  approvalSlot?: ReactNode;
}

/** One version: its image, prompt (two lines, all of it on hover or focus), model, time and marks; its actions below. */
export function TreeNodeCard({ node, projectId, plan, now, isHero, selected, approvalSlot, ...actions }: TreeNodeProps) {
  const { item } = node;
  const name = item.version ? versionName(item.version) : null;
  const from = item.version ? branchParent(item.version, item.parentVersion) : null;
  const image = item.images[0];
  const placeholder = image ? placeholderDataUrl(image.placeholder) : '';
  const classes = ['tree-node', item.starred ? 'is-starred' : '', selected ? 'is-selected' : ''].filter(Boolean).join(' ');
  // A region edit reads "Edit: <instruction>", shows its mask over the image and pairs with its source.
  const edit = editInfoOf(item);
  const prompt = edit ? editCopy.treePrompt(item.prompt) : item.prompt;
  // An upscale pairs with its source the same way.
  const upscaled = upscaleInfoOf(item) !== null;
  const beforeAfter = beforeAfterHref(item) ?? upscaleCompareHref(item);
  const upscaleTarget = actions.upscale ? upscaleTargetOf(item) : null;
  return (
    <article className={classes} aria-label={projectUiMessages.nodeLabel(name, from && versionName(from), prompt)} data-generation-id={item.id}>
      <button type="button" className="tree-node-image" onClick={() => actions.onOpen(item)} aria-label={`${projectUiMessages.open}: ${prompt}`}
        style={placeholder ? { backgroundImage: `url("${placeholder}")` } : undefined}>
        {image && (
          <img src={image.thumbnailUrl} srcSet={srcsetOf(image.renditions) || undefined} sizes={treeImageSizes(coverShare(image, COVER_ASPECT))}
            alt="" width={image.width} height={image.height} loading="lazy" decoding="async" draggable={false} />
        )}
        {edit && <span className="tree-node-edit-mask" style={{ maskImage: `url("${edit.maskUrl}")` }} aria-hidden="true" />}
      </button>
      {beforeAfter && (
        <Link href={beforeAfter} className="tree-node-before-after" aria-label={editCopy.beforeAfterLabel(item.prompt)}>
          <Icon size={14} path={wipeIcon} />
          {editCopy.beforeAfter}
        </Link>
      )}
      <div className="tree-node-marks">
        {name && <span className="tree-node-version">{name}</span>}
        {from && (
          <span className="tree-node-mark tree-node-mark--branch" title={projectUiMessages.branchFrom(versionName(from))}>
            ← {versionName(from)}
          </span>
        )}
        {item.starred && (
          <span className="tree-node-mark tree-node-mark--star" role="img" aria-label={projectUiMessages.starred} title={projectUiMessages.starred}>
            <Icon size={14} path={starIcon} filled />
          </span>
        )}
        {edit && (
          <span className="tree-node-mark" role="img" aria-label={editCopy.editMark} title={editCopy.editMark}>
            <Icon size={14} path={regionEditIcon} />
          </span>
        )}
        {upscaled && (
          <span className="tree-node-mark" role="img" aria-label={upscaleCopy.mark} title={upscaleCopy.mark}>
            <Icon size={14} path={upscaleIcon} />
          </span>
        )}
        {isHero && <span className="tree-node-mark">{projectUiMessages.hero}</span>}
        {item.images.length > 1 && <span className="tree-node-mark">{projectUiMessages.views(item.images.length)}</span>}
        {image?.fidelity && <FidelityBadge fidelity={image.fidelity} />}
        {approvalSlot}
      </div>
      <div className="tree-node-prompt">
        <p tabIndex={0} title={node.missingParentId ? projectUiMessages.missingParent : undefined}>{prompt}</p>
      </div>
      <p className="tree-node-meta">
        <span className="tree-node-model">{item.model}</span>
        <time dateTime={item.createdAt} title={exactTime(item.createdAt)}>{relativeTime(item.createdAt, now)}</time>
        {item.briefVersion !== null && <span>{projectUiMessages.briefVersion(item.briefVersion)}</span>}
        {/* In a workspace's project, who made it (docs/decisions/0098-workspaces-app.md). */}
        {item.author && <span className="tree-node-author">{projectUiMessages.madeBy(item.author.email)}</span>}
      </p>
      <div className="tree-node-actions">
        {actions.branch !== false && (
          <Link href={branchHref(plan, projectId, item.id)} className="tree-action" aria-label={projectUiMessages.branch} title={projectUiMessages.branch}>
            <Icon size={18} path={branchIcon} />
          </Link>
        )}
        {actions.onToggleStar && (
          <button type="button" className={`tree-action${item.starred ? ' is-on' : ''}`} aria-pressed={item.starred}
            aria-label={projectUiMessages.star} title={item.starred ? projectUiMessages.unstar : projectUiMessages.star} onClick={() => actions.onToggleStar?.(item)}>
            <Icon size={18} path={starIcon} filled={item.starred} />
          </button>
        )}
        <button type="button" className={`tree-action${selected ? ' is-on' : ''}`} aria-pressed={selected}
          aria-label={projectUiMessages.selectForCompare} title={selected ? projectUiMessages.deselectForCompare : projectUiMessages.selectForCompare}
          onClick={() => actions.onToggleCompare(item)}>
          <Icon size={18} path={compareIcon} />
        </button>
        {actions.onUseAsHero && (
          <button type="button" className={`tree-action${isHero ? ' is-on' : ''}`} aria-pressed={isHero}
            aria-label={projectUiMessages.useAsHero} title={projectUiMessages.useAsHero} onClick={() => actions.onUseAsHero?.(item)}>
            <Icon size={18} path={heroIcon} />
          </button>
        )}
        {actions.onEditRegion && (
          <button type="button" className="tree-action" aria-label={editCopy.editRegion} title={editCopy.editRegion} onClick={() => actions.onEditRegion?.(item)}>
            <Icon size={18} path={regionEditIcon} />
          </button>
        )}
        {upscaleTarget && <UpscaleButton target={upscaleTarget} look="icon" className="tree-action" />}
      </div>
    </article>
  );
}
