/**
 * What each server-rendered screen says of itself in its document's head: the title the screen
 * also sets once running, and a sentence for search results and link previews
 * (docs/decisions/0094-search-and-previews.md). Only the server renderers import this, so the
 * sentences never reach the browser's scripts.
 */
import type { RenderedState, ScreenText } from '#shared/app-document';
import { STARTING_CREDITS } from '#shared/limits';
import { PRODUCT_NAME } from '#shared/messages/brand';
import { galleryUiMessages } from '../gallery/copy';
import { imagePageMessages } from '../gallery/image-copy';
import { landingMessages } from '../landing/copy';
import { pricingMessages } from '../pricing/copy';
import { paths } from './routing';

const descriptions = {
  landing: `${PRODUCT_NAME} turns a prompt, a sketch or a site photo into architectural, interior and design images — with projects, version trees, side-by-side compare and client review links.`,
  about: `What ${PRODUCT_NAME} is: an AI image studio for architects, interior designers and everyone with a design idea, and the way it keeps a design's versions together.`,
  pricing: `${PRODUCT_NAME}'s plans: start free with ${STARTING_CREDITS} credits, buy credits as you need them, or talk to us about Enterprise.`,
  gallery: `Architecture, interiors and design made with ${PRODUCT_NAME}, each with the prompt that made it. Search the public gallery for ideas.`,
  search: (q: string) => `Images in the ${PRODUCT_NAME} gallery whose prompts mention “${q}”.`,
} as const;

/** The head text of the screen `state` renders; null for a screen that is not for search results (a review link). */
export function screenText(state: RenderedState): ScreenText | null {
  if (state.image) {
    const { prompt, model } = state.image.item;
    return { title: imagePageMessages.title(prompt), description: imagePageMessages.description(prompt, model) };
  }
  if (state.path === paths.landing) return { title: landingMessages.pageTitle, description: descriptions.landing };
  if (state.path === paths.about) return { title: landingMessages.aboutTitle, description: descriptions.about };
  if (state.path === paths.pricing) return { title: pricingMessages.pageTitle, description: descriptions.pricing };
  if (state.path === paths.gallery) {
    const q = state.gallery?.q ?? '';
    return { title: galleryUiMessages.pageTitle, description: q === '' ? descriptions.gallery : descriptions.search(q) };
  }
  return null;
}
