/**
 * The landing and about copy (docs/decisions/0034-routes-navigation-landing.md): every claim the
 * original product made, written for architects. Numbers come from the domain modules so the copy
 * can never drift from the rules.
 */
import { CONTACT_EMAIL, PRODUCT_NAME } from '#shared/messages/brand';
import { MAX_INPUT_IMAGES, MAX_VIEWS, STARTING_CREDITS } from '#shared/limits';
import { CONCEPT_RATIOS, ENGINE_NAME, MODELS, MODEL_IDS } from '#shared/models';

/** Blending takes two to three images (docs/decisions/0034-routes-navigation-landing.md). */
const MIN_BLEND_IMAGES = 2;
const RETRY_ATTEMPTS = 3;

export const hero = {
  eyebrow: `${ENGINE_NAME} · architectural intelligence meets AI`,
  headline: 'From a sentence to a space.',
  lede:
    `${PRODUCT_NAME} turns a written brief — and, if you like, a sketch or a site photo — into ` +
    'architectural, interior and landscape imagery in moments. Iterate the way you already ' +
    'think: describe, look, refine.',
} as const;

/** The landing's strip of public work (frontend/landing/GalleryStrip.tsx). */
export const galleryStrip = {
  kicker: 'From the gallery',
  title: 'What people are making',
  more: 'Explore the gallery',
} as const;

export const modelCards = MODEL_IDS.map((id) => {
  const model = MODELS[id];
  const notes: Record<typeof id, string> = {
    fast: 'Quick studies and early massing ideas when speed matters more than polish.',
    standard: 'The everyday workhorse: balanced detail for client-ready drafts, in 1K, 2K or 4K.',
    ultra: 'High-fidelity 2K renders with careful materials, light and depth.',
    concept: 'Multimodal: blends your references and refines an image in place.',
  };
  return { id, label: model.label, credits: model.credits, note: notes[id] };
});

export interface Feature {
  title: string;
  body: string;
}

export const features: Feature[] = [
  {
    title: 'Four models, one engine',
    body: `${ENGINE_NAME} offers Fast, Standard, Ultra and Concept — a new category of model that pairs architectural intelligence with generative AI.`,
  },
  {
    title: `Up to ${MAX_VIEWS} images per request`,
    body: 'Ask for one view or several at once and compare options side by side, like pinning up alternatives on the studio wall.',
  },
  {
    title: 'Flexible aspect ratios',
    body: `From square to panoramic — ${CONCEPT_RATIOS.length} ratios in Concept, the classic five everywhere else — so a façade, a plan or a street view each gets its frame.`,
  },
  {
    title: '1K, 2K or 4K resolution',
    body: '1K for exploring, 2K for presenting, 4K for print on paid plans.',
  },
  {
    title: 'A chat-style workspace',
    body: 'Every request and its results stack up as a conversation, so the history of a design idea stays readable.',
  },
  {
    title: 'A live credit indicator',
    body: 'Your balance sits beside the prompt and updates the moment it changes, on every device. Enterprise shows an Unlimited badge instead.',
  },
  {
    title: 'A free prompt enhancer',
    body: 'One click turns a rough note into a precise brief — materials, light, lens and mood — and you choose between the original and the enhanced text.',
  },
  {
    title: 'Refinement on the same image',
    body: 'Select a result and describe the change: warmer timber, a deeper overhang, dusk instead of noon. The image evolves instead of starting over.',
  },
  {
    title: `Blend ${MIN_BLEND_IMAGES}–${MAX_INPUT_IMAGES} images`,
    body: 'Combine a sketch, a precedent and a material board into one coherent proposal with Concept.',
  },
  {
    title: 'Likes synced to your account',
    body: 'Favourite your own work or the community’s; your likes follow you from laptop to phone.',
  },
  {
    title: 'Download as .jpg',
    body: 'Full-resolution JPEG files, ready for a presentation board or a client email.',
  },
  {
    title: 'Copy any prompt',
    body: 'Reuse a brief that worked — yours or one from the public gallery — with a single click.',
  },
  {
    title: 'Delete a whole batch',
    body: 'Clear away a round of ideas that did not land, results and all, in one step.',
  },
  {
    title: 'Fullscreen viewing',
    body: 'Study every image edge to edge, step through a batch with the arrow keys, a swipe or the wheel.',
  },
  {
    title: 'Select for refinement',
    body: 'Pick the strongest option of a batch and carry it forward — the way a design review narrows choices.',
  },
  {
    title: 'Resilient by design',
    body: `Network hiccups are retried automatically, up to ${RETRY_ATTEMPTS} attempts, and a request that yields no image costs nothing.`,
  },
];

/**
 * Nine groups, as the original product listed them
 * (docs/decisions/0034-routes-navigation-landing.md).
 */
export const audience: string[] = [
  'Architects',
  'Interior designers',
  'Visualisation artists',
  'Real estate developers',
  'Design students',
  'Creative agencies',
  'AI enthusiasts',
  'Homeowners & DIY users',
  'Anyone with an idea',
];

export const audienceLede = 'From students to global firms — for everyone who thinks in space.';

export interface ComparisonRow {
  aspect: string;
  parti: string;
  traditional: string;
  otherAi: string;
}

export const comparison: ComparisonRow[] = [
  { aspect: 'Time to a first image', parti: 'Seconds to minutes', traditional: 'Days of modelling and rendering', otherAi: 'Minutes' },
  { aspect: 'Understands architecture', parti: 'Built for buildings, interiors and landscape', traditional: 'Depends on the artist', otherAi: 'General-purpose, often generic' },
  { aspect: 'Works from your references', parti: 'Sketches, photos and precedents; blend 2–3', traditional: 'Rebuilt by hand', otherAi: 'Limited or none' },
  { aspect: 'Refine the same image', parti: 'Yes, conversationally', traditional: 'Another render cycle', otherAi: 'Usually start over' },
  { aspect: 'Cost of an iteration', parti: `From 1 credit; ${STARTING_CREDITS} free to start`, traditional: 'Hours of billable time', otherAi: 'Monthly subscription' },
  { aspect: 'Ownership of the images', parti: 'Yours', traditional: 'Yours, by contract', otherAi: 'Check the terms' },
  { aspect: 'Watermark-free output', parti: 'Pro and Enterprise', traditional: 'Yes', otherAi: 'Varies by plan' },
];

export const howItWorks: Feature[] = [
  {
    title: 'Describe',
    body: 'Write the brief as you would to a colleague — site, programme, materials, light — and add reference images if you have them. The enhancer can sharpen it for free.',
  },
  {
    title: 'Generate',
    body: `Choose a model, a ratio and up to ${MAX_VIEWS} views. ${ENGINE_NAME} returns options in moments, in 1K, 2K or 4K.`,
  },
  {
    title: 'Refine and share',
    body: 'Select the strongest option, describe the change, and iterate. Download as .jpg, keep it private or share it in the gallery.',
  },
];

export const proTips: string[] = [
  'Lead with the building type and setting, then materials, then light: “a timber library on a wooded slope, charred larch cladding, low winter sun”.',
  'Name a camera position — eye level from the street, an aerial three-quarter view, an interior at table height — to control composition.',
  'Use Fast to explore many directions cheaply, then move the keepers to Standard or Ultra.',
  'Upload a hand sketch with Concept to keep your massing and proportions while the engine supplies materiality.',
  'Refine one thing at a time; small, specific changes keep the rest of the image stable.',
  'Run the enhancer on a short note and compare it with your original before you spend a credit.',
];

export interface FaqEntry {
  question: string;
  answer: string;
}

/**
 * Fourteen entries, stating every fact of the original FAQ
 * (docs/decisions/0034-routes-navigation-landing.md).
 */
export const faq: FaqEntry[] = [
  {
    question: `What is ${PRODUCT_NAME}?`,
    answer: `${PRODUCT_NAME} is an AI image studio for architecture and design. ${ENGINE_NAME} turns a text prompt, optionally with reference images, into architectural, interior and design visuals.`,
  },
  {
    question: 'How do I get started, and is there a free trial?',
    answer: `Sign up with your email and a password. Every new account starts on the free plan with ${STARTING_CREDITS} credits — no card needed.`,
  },
  {
    question: 'How do credits work?',
    answer: `Each request costs credits by model: ${MODEL_IDS.map((id) => `${MODELS[id].label} ${MODELS[id].credits}`).join(', ')}. If no image comes back, the credits are returned at once. Enterprise has unlimited credits.`,
  },
  {
    question: 'Do purchased credits expire?',
    answer: 'No. Credits bought on the Pro plan never expire.',
  },
  {
    question: 'Can I upload reference images?',
    answer: `Yes. Upload sketches, site photos or precedent images as references; Concept can blend ${MIN_BLEND_IMAGES}–${MAX_INPUT_IMAGES} of them into one image.`,
  },
  {
    question: 'What is Refine mode?',
    answer: 'Refine mode lets you select one of your results and describe a change — a material, the light, a detail — so the same image evolves rather than being generated from scratch.',
  },
  {
    question: 'What does the prompt enhancer do?',
    answer: 'The enhancer rewrites a short prompt into a richer architectural brief. It is free, and you can always keep your original.',
  },
  {
    question: 'Which models and formats are available?',
    answer: `Four models — Fast, Standard, Ultra and Concept — with up to ${MAX_VIEWS} images per request, flexible aspect ratios, and 1K, 2K or 4K resolution.`,
  },
  {
    question: 'Who owns the images I generate?',
    answer: 'You do. The images you generate are yours to use in your projects, presentations and portfolio.',
  },
  {
    question: 'Is my data confidential?',
    answer: 'Yes. Your prompts, references and account details are kept confidential. Pro and Enterprise generations are private by default; free-plan generations are shared in the public gallery.',
  },
  {
    question: 'Does it work on mobile, tablet and desktop?',
    answer: `Yes. ${PRODUCT_NAME} runs in the browser on mobile, tablet and desktop, and your credits, likes and history stay in step across devices.`,
  },
  {
    question: 'Are the images watermarked?',
    answer: 'Free-plan images carry a small watermark. Pro and Enterprise images are watermark-free.',
  },
  {
    question: 'What do Pro and Enterprise add?',
    answer: 'Pro adds purchased credits that never expire, private generations, watermark-free output and email support. Enterprise adds unlimited access, monthly or per-project billing, onboarding, account management and priority email support.',
  },
  {
    question: 'How do I reach you?',
    answer: `Write to ${CONTACT_EMAIL} — for Enterprise, choose Contact Sales on the pricing page.`,
  },
];
