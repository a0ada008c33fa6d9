/**
 * Rows as a reviewer and the owner receive them. A reviewer's images are addressed through the
 * link itself (`/api/review/:token/images/…`), never by their R2 keys, which name the owner's id
 * (docs/decisions/0071-review-links.md).
 */
import type { StoredImage, StoredRendition } from '#shared/generation-types';
import { renditionHeight, renditionWidths } from '#shared/renditions';
import type {
  OwnerReviewApproval,
  OwnerReviewComment,
  ReviewApproval,
  ReviewComment,
  ReviewGeneration,
  ReviewImage,
  ReviewLinkSummary,
} from '#shared/review-types';
import { linkState } from '#shared/review-rules';
import { imageFileName, imageName } from '#shared/version-names';
import { versionRef } from '../generations';
import { mediaKeys } from '../media';
import { REVIEW_PREVIEW_MAX_WIDTH } from '../platform/caps';
import type { ApprovalRow, CommentRow, OwnerApprovalRow } from './feedback-queries';
import type { LinkRow, LinkSummaryRow, ReviewGenerationRow } from './queries';

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

/**
 * What an image URL of a review link names: the thumbnail, the original, a rendition's width, or
 * the fidelity map of a view of a drawing (docs/decisions/0086).
 */
export type ReviewVariant = { kind: 'thumb' } | { kind: 'original' } | { kind: 'fidelity-map' } | { kind: 'width'; width: number };

export function parseVariant(text: string): ReviewVariant | null {
  if (text === 'thumb') return { kind: 'thumb' };
  if (text === 'original') return { kind: 'original' };
  if (text === 'fidelity-map') return { kind: 'fidelity-map' };
  const match = /^w(\d{2,5})$/.exec(text);
  return match ? { kind: 'width', width: Number(match[1]) } : null;
}

function variantName(variant: ReviewVariant): string {
  return variant.kind === 'width' ? `w${variant.width}` : variant.kind;
}

function reviewImageUrl(token: string, generationId: string, index: number, variant: ReviewVariant): string {
  return `/api/review/${encodeURIComponent(token)}/images/${encodeURIComponent(generationId)}/${index}/${variantName(variant)}`;
}

/** The ladder of a stored image: its stored renditions, or the widths a first request will make. */
function ladder(image: StoredImage): { width: number; height: number }[] {
  if (image.renditions && image.renditions.length > 0) return image.renditions;
  return renditionWidths(image.width).map((width) => ({ width, height: renditionHeight(image, width) }));
}

/**
 * Whether a reviewer may have the rung `width` px wide. The ladder's top rung is the original's
 * own width, so without downloads only the rungs below it, and none over REVIEW_PREVIEW_MAX_WIDTH.
 */
function rungAllowed(image: StoredImage, width: number, allowDownload: boolean): boolean {
  return allowDownload || (width < image.width && width <= REVIEW_PREVIEW_MAX_WIDTH);
}

/** The R2 key an image URL of a review link stands for; null when there is no such variant for this link. */
export function variantKey(
  owner: { userId: string; generationId: string; index: number },
  image: StoredImage,
  variant: ReviewVariant,
  allowDownload: boolean,
): string | null {
  if (variant.kind === 'thumb') return image.thumbKey;
  if (variant.kind === 'original') return allowDownload ? image.key : null;
  if (variant.kind === 'fidelity-map') return image.fidelity?.mapKey ?? null;
  if (!rungAllowed(image, variant.width, allowDownload)) return null;
  const stored: StoredRendition[] = image.renditions ?? [];
  if (stored.length > 0) return stored.find((rendition) => rendition.width === variant.width)?.key ?? null;
  if (!renditionWidths(image.width).includes(variant.width)) return null;
  return mediaKeys.pendingRendition(owner.userId, owner.generationId, owner.index, variant.width);
}

function toReviewImage(token: string, generationId: string, image: StoredImage, index: number, allowDownload: boolean): ReviewImage {
  const url = (variant: ReviewVariant) => reviewImageUrl(token, generationId, index, variant);
  return {
    index,
    width: image.width,
    height: image.height,
    placeholder: image.placeholder,
    thumbnailUrl: url({ kind: 'thumb' }),
    renditions: ladder(image)
      .filter(({ width }) => rungAllowed(image, width, allowDownload))
      .map(({ width, height }) => ({ url: url({ kind: 'width', width }), width, height })),
    ...(allowDownload ? { url: url({ kind: 'original' }) } : {}),
    ...(image.fidelity
      ? { fidelity: { score: image.fidelity.score, retried: image.fidelity.retried }, fidelityMapUrl: url({ kind: 'fidelity-map' }) }
      : {}),
  };
}

/** A version for a reviewer; a parent outside the project is not named (it is a root here). */
export function toReviewGeneration(
  token: string,
  row: ReviewGenerationRow,
  inProject: ReadonlySet<string>,
  link: { allowDownload: boolean; commentCounts: ReadonlyMap<string, number> },
): ReviewGeneration {
  return {
    id: row.id,
    parentId: row.parentId !== null && inProject.has(row.parentId) ? row.parentId : null,
    prompt: row.prompt,
    model: row.model,
    engine: row.engine,
    starred: row.starred,
    images: row.images.map((image, index) => toReviewImage(token, row.id, image, index, link.allowDownload)),
    commentCount: link.commentCounts.get(row.id) ?? 0,
    createdAt: iso(row.createdAt),
    version: versionRef(row.versionTree, row.versionNumber),
    parentVersion: versionRef(row.parentVersionTree, row.parentVersionNumber),
  };
}

/** `riverside-library-B3-2.jpg`: an original's file name through a review link (shared/version-names.ts). */
export function originalFileName(projectName: string, row: ReviewGenerationRow, index: number): string {
  const version = versionRef(row.versionTree, row.versionNumber);
  return imageFileName(projectName, version && imageName(version, index, row.images.length), `${row.id}-${index}`);
}

export function toComment(row: CommentRow): ReviewComment {
  return {
    id: row.id,
    generationId: row.generationId,
    imageIndex: row.imageIndex,
    body: row.body,
    authorName: row.authorName,
    x: row.x,
    y: row.y,
    resolvedAt: isoOrNull(row.resolvedAt),
    createdAt: iso(row.createdAt),
  };
}

export function toOwnerComment(row: CommentRow): OwnerReviewComment {
  return { ...toComment(row), linkId: row.linkId };
}

export function toApproval(row: ApprovalRow): ReviewApproval {
  return {
    id: row.id,
    generationId: row.generationId,
    status: row.status,
    reviewerName: row.reviewerName,
    createdAt: iso(row.createdAt),
  };
}

export function toOwnerApproval(row: OwnerApprovalRow): OwnerReviewApproval {
  return { ...toApproval(row), linkId: row.linkId, linkCreatedAt: iso(row.linkCreatedAt) };
}

export function toLinkSummary(row: LinkSummaryRow, nowMs: number): ReviewLinkSummary {
  return {
    id: row.id,
    state: linkState(row, nowMs),
    allowDownload: row.allowDownload,
    commentCount: row.commentCount,
    approvalCount: row.approvalCount,
    createdAt: iso(row.createdAt),
    expiresAt: iso(row.expiresAt),
    revokedAt: isoOrNull(row.revokedAt),
  };
}

export function linkExpiresAt(row: LinkRow): string {
  return iso(row.expiresAt);
}
