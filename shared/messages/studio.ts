/** The generator studio: the prompt bar, a generation's outcomes and their errors. */
import { ENGINE_NAME } from '../models';

const IMAGE_GENERATION_FAILED = 'Image generation failed. Please try again.';

export const studioMessages = {
  emptyHeadline: 'What will we design today?',
  placeholder: 'Describe your design...',
  refinePlaceholder: 'Describe how to refine...',
  loginToUseCredits: 'Please login to use credits!',
  notEnoughCredits: (credits: number, modelLabel: string) =>
    `Not enough credits! You need ${credits} credit(s) for ${modelLabel} ${ENGINE_NAME}.`,
  needCredits: (credits: number, modelLabel: string) => `Need ${credits} credits for ${modelLabel}`,
  loginRequired: 'Login required',
  onlyConceptWithImages: 'Only Concept available with images',
  refineOnlyConcept: 'Refine only supported in Concept model.',
  generationFailed: 'Generation failed.',
  generationFailedRefine: 'Generation failed. Please check console for details.',
  generationFailedRetry: 'Generation failed. Please try again.',
  refinementFailed: 'Refinement failed. Please try again.',
  imageGenerationFailed: IMAGE_GENERATION_FAILED,
  /** A batch that came back with fewer images than asked: the spec's default text, with how many (a partial result keeps its charge). */
  someViewsFailed: (failed: number, requested: number) => `${failed} of ${requested} views failed. ${IMAGE_GENERATION_FAILED}`,
  enhanceFailed: 'Prompt enhancement failed. Please try again.',
  allReferencesFailed: 'All reference images failed to upload. Please try again.',
  someReferencesFailed: (failed: number, kept: number) =>
    `Warning: ${failed} reference image(s) failed to upload. Continuing with ${kept} image(s).`,
  noProcessableImages: 'No valid images could be processed. Please try different images.',
  extraImagesIgnored: 'Only the first 3 images are processed. Extra images were ignored.',
  /**
   * Ours, replacing the original's 'works best with up to 3 images … more are allowed (results may
   * vary)', which contradicted extraImagesIgnored: the Worker processes the first 3 and ignores the
   * rest, and the studio now says so (docs/decisions/0048-reference-traps.md).
   */
  manyImagesNotice: 'Only the first 3 images are processed. Images after the third will be ignored.',
  noImageData: 'No image data received...',
  allProcessFailed: 'All images failed to process after retries',
  allGenerationsFailed: 'All image generations failed after retries',
  allUploadsFailed: 'All image uploads failed after retries',
  storageUploadFailed: 'Failed to upload image to storage',
  promptNeedsRefinement: 'Prompt Needs Refinement',
  needsRefinementDefault: 'This prompt needs refinement.',
  tryTheseInstead: 'Try these instead',
  original: 'Original',
  enhanced: 'Enhanced',
  failedToLoad: 'Failed to Load',
  refunded: (credits: number) =>
    `No image came back, so your ${credits} credit(s) were returned to your balance.`,
  /** Why no image came back, shown beside allGenerationsFailed and kept with the refund. */
  failureReasons: {
    timeout: 'The image model did not answer in time.',
    blocked: 'The image model declined this request for safety reasons.',
    no_image: 'The image model finished without an image.',
    provider_error: 'The image service could not be reached.',
    processing: 'The image that came back could not be processed.',
    interrupted: 'The generation stopped before it finished.',
    misaligned: 'The edited region did not line up with your image, so nothing was changed.',
    drifted: 'The upscale changed your design instead of only sharpening it, so it was not kept.',
  },
  /** After a fair-share 429 (jobMessages.tooManyJobs): when the studio may try again. */
  tryAgainIn: (seconds: number) => `You can try again in about ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
  /** A job cancelled before any view started: the whole charge comes back. */
  cancelled: (credits: number) =>
    credits > 0 ? `Generation cancelled. Your ${credits} credit(s) were returned to your balance.` : 'Generation cancelled.',
} as const;

/**
 * The studio's own texts for its ratio picker, its credits notice, its connection notice and its
 * viewer actions: ours, the original product gave none (docs/decisions/0091-studio-polish.md).
 */
export const studioUiMessages = {
  aspectRatio: 'Aspect ratio',
  aspectRatioChip: (ratio: string) => `Aspect ratio: ${ratio}`,
  ratioShape: (ratio: string) => {
    const [width = 1, height = 1] = ratio.split(':').map(Number);
    return width === height ? 'square' : width > height ? 'landscape' : 'portrait';
  },
  buyCredits: 'Buy credits',
  useModel: (label: string, credits: number) => `Use ${label} (${credits} ${credits === 1 ? 'credit' : 'credits'})`,
  offline: 'You are offline. Running generations continue on our side; the studio catches up when you are back.',
  liveDown: 'The live connection dropped. Reconnecting… New images may arrive late until it is back.',
  backOnline: 'Connected again. The studio is up to date.',
  /** An image tile's buttons name the image they act on, e.g. "Download: image 2 of 4". */
  imageButton: (action: string, position: number, total: number) => `${action}: image ${position} of ${total}`,
  refineThis: 'Refine this',
  addToBoard: 'Add to board',
  addToBoardOf: (project: string) => `Add this image to the board of ${project}`,
  chooseBoard: 'Add to a project’s board',
  chooseBoardWhy: 'A board belongs to a project. Choose the project this image goes into: it moves there, and that project’s board opens with it.',
  noProjectsYet: 'You have no projects yet.',
  createProject: 'Create a project',
  cancel: 'Cancel',
} as const;
