/** Labels of the gallery, dashboard and viewer. */

/**
 * Labels of the gallery, dashboard and viewer: ours, as the original product gave no wording for
 * these (docs/decisions/0027-texts-word-for-word.md).
 */
export const galleryUiMessages = {
  galleryTitle: 'Gallery',
  pageTitle: 'Gallery — Parti',
  dashboardTitle: 'Dashboard',
  searchLabel: 'Search prompts',
  searchPlaceholder: 'Search the gallery…',
  reshuffle: 'Reshuffle',
  loading: 'Loading…',
  emptyGallery: 'No public images yet.',
  noMatches: (query: string) => `No images match “${query}”.`,
  copyPrompt: 'Copy prompt',
  showActions: 'Show actions',
  hideActions: 'Hide actions',
  copied: 'Copied',
  like: 'Like',
  unlike: 'Unlike',
  likes: (count: number) => `${count} ${count === 1 ? 'like' : 'likes'}`,
  download: 'Download images',
  downloadImage: 'Download image',
  /** Beside "Download PNG (lossless)" for a paid owner (docs/decisions/0090-print-ui.md). */
  downloadJpeg: 'Download JPEG',
  makePublic: 'Make public',
  makePrivate: 'Make private',
  delete: 'Delete',
  confirmDelete: 'Click again to delete',
  generationsTab: 'Generations',
  likesTab: 'Likes',
  viewerLabel: 'Image viewer',
  close: 'Close',
  previous: 'Previous image',
  next: 'Next image',
  prompt: 'Prompt',
  imageAlt: (prompt: string, index: number, total: number) =>
    total > 1 ? `${prompt} (image ${index + 1} of ${total})` : prompt,
  position: (index: number, total: number) => `${index + 1} / ${total}`,
} as const;
