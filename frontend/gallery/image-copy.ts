/**
 * A public image's own page (docs/decisions/0094-search-and-previews.md): its words, and the title
 * and description its document gives search results and link previews.
 */
import { PRODUCT_NAME } from '#shared/messages/brand';

/** At most `max` characters, cut at a word and marked as cut. */
function clipped(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–—-]+$/, '')}…`;
}

/** A date as the same words on the server and in every browser: English, in UTC. */
const DAY = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' });

export const imagePageMessages = {
  /** The tab's and the search result's title: the prompt's opening words. */
  title: (prompt: string) => `${clipped(prompt, 60)} — ${PRODUCT_NAME} gallery`,
  /** The search result's and the link preview's sentence. */
  description: (prompt: string, model: string) => `“${clipped(prompt, 200)}” — an image made with ${PRODUCT_NAME}'s ${model} model.`,
  imageAlt: (prompt: string, index: number, total: number) => (total > 1 ? `${prompt} (image ${index + 1} of ${total})` : prompt),
  facts: (model: string, createdAt: string, likes: number) =>
    `Made with the ${model} model on ${DAY.format(new Date(createdAt))} · ${likes} ${likes === 1 ? 'like' : 'likes'}`,
  moreInGallery: 'More in the gallery',
  loading: 'Loading…',
  loadFailed: 'The image could not be loaded. Check your connection and try again.',
  missingTitle: 'This image is not in the gallery',
  missingBody: 'Its owner may have made it private or deleted it.',
  missingPageTitle: `Image not found — ${PRODUCT_NAME}`,
} as const;
