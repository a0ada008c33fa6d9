/** Landing, about and footer: the short texts; the longer marketing copy is in content.ts. */
import { STARTING_CREDITS } from '#shared/limits';
import { PRODUCT_NAME } from '#shared/messages/brand';

/** Landing, about and footer. The longer marketing copy lives with the landing components. */
export const landingMessages = {
  pageTitle: `${PRODUCT_NAME} — AI image studio for architecture and design`,
  aboutTitle: `About ${PRODUCT_NAME}`,
  startFree: 'Start Free',
  explorePlans: 'Explore Plans',
  startFromDrawing: 'Start from my drawing',
  startFreeTooltip: `Your free trial comes with ${STARTING_CREDITS} credits.`,
  tagline: 'An AI image studio for architecture and design.',
  craftedBy: 'Crafted with care by the Parti studio',
  copyright: (year: number) => `© ${year} ${PRODUCT_NAME}. All rights reserved.`,
} as const;

export const SOCIAL_LINKS = {
  instagram: 'https://www.instagram.com/parti.studio',
  linkedin: 'https://www.linkedin.com/company/parti-studio',
} as const;
