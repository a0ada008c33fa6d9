/**
 * Every user-facing text, word for word from the original product where it gives one
 * (docs/decisions/0027-texts-word-for-word.md). Both the Worker (error messages) and the React app
 * (labels, notices) read them from here.
 */
import { ENGINE_NAME } from './models';
import { BRIEF_FIELD_MAX_CHARS, PROJECT_NAME_MAX_CHARS } from './limits';

export const PRODUCT_NAME = 'Parti';

export const authMessages = {
  invalidEmail: 'Please enter a valid email address.',
  weakPassword: 'Password must be at least 8 characters.',
  emailExists: 'An account with this email already exists. Please log in instead.',
  invalidCredentials: 'Invalid email or password.',
  rateLimited: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
  sessionNotFound: 'Your session has ended. Please log in again.',
  notAuthenticated: 'Please log in to continue.',
  invalidToken: 'Your session is invalid or has expired. Please log in again.',
  genericError: 'An error occurred. Please try again.',
  login: 'Login',
  signUp: 'Sign Up',
  loggingIn: 'Logging in...',
  signingUp: 'Signing up...',
  signOut: 'Sign Out',
  loginOrSignUp: 'Login / Sign Up',
  commonPassword: 'This password is too common or too easy to guess. Please choose another.',
  signUpRateLimited: 'Too many sign-ups from your network. Please wait a minute and try again.',
  captchaFailed: 'Please complete the check that you are human and try again.',
  captchaUnavailable: 'The human check could not be completed right now. Please try again.',
  crossSiteRefused: 'This request came from another site and was refused.',
} as const;

export const generalMessages = {
  payloadTooLarge: 'This request is too large.',
  rateLimited: 'Too many requests. Please wait a minute and try again.',
  notFoundPage: '404 - Page Not Found',
  notFound: 'Not found.',
  invalidRequest: 'The request is not valid.',
  internal: 'Something went wrong on our side. Please try again.',
} as const;

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
  unlimitedCredits: 'Unlimited credits',
  refineOnlyConcept: 'Refine only supported in Concept model.',
  generationFailed: 'Generation failed.',
  generationFailedRefine: 'Generation failed. Please check console for details.',
  generationFailedRetry: 'Generation failed. Please try again.',
  refinementFailed: 'Refinement failed. Please try again.',
  imageGenerationFailed: 'Image generation failed. Please try again.',
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
  likeFailed: 'Failed to update like status. Please try again.',
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
  },
  /** After a fair-share 429 (jobMessages.tooManyJobs): when the studio may try again. */
  tryAgainIn: (seconds: number) => `You can try again in about ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
  /** A job cancelled before any view started: the whole charge comes back. */
  cancelled: (credits: number) =>
    credits > 0 ? `Generation cancelled. Your ${credits} credit(s) were returned to your balance.` : 'Generation cancelled.',
} as const;

export const validationMessages = {
  emptyPrompt: 'Please enter a prompt to describe your architectural vision.',
  shortPrompt: 'Please provide more detail about your architectural vision.',
  unparseable: 'Unable to validate prompt at this time. Please try rephrasing...',
  technicalFailure: 'Unable to validate prompt due to a technical issue. Please try again in a moment...',
} as const;

export const galleryMessages = {
  invalidCursor: 'This list has changed since it was loaded. Please reload the page.',
  signInToLike: 'Sign in to like images',
  pleaseSignInToLike: 'Please sign in to like images',
  noGenerations: 'No generations found. Create your first image!',
  noLikes: 'No liked images yet. Explore and like some images!',
  signInForDashboard: 'Please sign in to view your dashboard.',
  deleteFailed: 'Failed to delete generation. Please try again.',
  downloadFailed: 'Failed to download images. Please try again.',
  visibilityFailed: 'Failed to update visibility. Please try again.',
  referenceImage: 'Reference Image',
} as const;

export const paymentMessages = {
  memberRibbon: {
    free: (credits: number) => `Free Member — ${credits} Credits Left`,
    pro: (credits: number) => `Pro Member — ${credits} Credits Left`,
    enterprise: () => 'Enterprise Member',
  },
  invalidCredits: 'Invalid credits amount. Must be between 1 and 100',
  invalidAmount: (expected: string, credits: number, amount: string) =>
    `Invalid amount. Expected ₹${expected} for ${credits} credits, got ₹${amount}`,
  loginToPay: 'Please log in to make a payment.',
  scriptLoadFailed: 'Failed to load Razorpay script',
  sdkMissing: 'Razorpay SDK not loaded',
  initiateFailed: 'Failed to initiate payment. Please try again.',
  processingFailed: 'Payment processing failed',
  paymentFailedDefault: 'Payment failed. Please try again.',
  userNotFound: 'User not found. Please refresh and try again.',
  creditsNotAdded: (reason: string, paymentId: string) =>
    `Payment successful but failed to add credits: ${reason}. Please contact support with payment ID: ${paymentId}`,
  success: (credits: number) => `Payment successful! ${credits} credits added to your account.`,
  processing: 'Processing payment... Please complete the payment in the Razorpay window.',
  invalidSignature: 'The payment signature is not valid.',
  orderNotFound: 'Payment order not found.',
  unavailable: 'Payments are not available right now. Please try again later.',
} as const;

/**
 * Prompt validation and enhancement (docs/decisions/0029-validate-text-to-image-only.md). The two
 * first texts' suggestions are ours.
 */
export const promptMessages = {
  emptySuggestions: [
    'A modern glass pavilion in a quiet forest clearing at dawn',
    'A minimalist concrete house on a cliff overlooking the sea',
    'A bright Scandinavian living room with oak floors and large windows',
  ],
  shortSuggestions: [
    'A timber cabin with a sloped roof beside a mountain lake',
    'A brutalist library with a sunken courtyard and reading terraces',
    'A warm Japanese-inspired interior with paper screens and soft light',
  ],
  notArchitectural:
    'This prompt does not seem to describe architecture, interiors, landscape or the built environment. Try describing a building, a space or a place.',
  unclear:
    'Add a building, an interior, a landscape or an urban scene to describe your architectural vision.',
  offTopicSuggestions: [
    'A contemporary museum with a dramatic cantilevered entrance',
    'A cosy reading nook in a loft with exposed brick walls',
    'A landscaped rooftop garden on a city apartment block',
  ],
  architecturalOk: 'This prompt describes an architectural vision.',
} as const;

/**
 * Request checks of POST /api/generate and POST /api/uploads
 * (docs/decisions/0030-generation-request-rules.md).
 */
export const generationRequestMessages = {
  imagesOnlyConcept: 'Input images are only supported in Concept model.',
  imageToImageNeedsImage: 'Image-to-image needs at least one image.',
  referenceNotFound: 'A reference image was not found. Please upload it again.',
  invalidConversationHistory: 'Conversation history must be a list of turns with role user or model.',
  invalidImageData: 'An input image is not a valid PNG, JPEG or WebP image.',
  uploadMissingFile: 'Please attach an image file.',
  uploadNotImage: 'Only PNG, JPEG or WebP images can be uploaded.',
  uploadTooLarge: 'Images can be at most 10 MB.',
  historyTooLarge: 'The conversation history is too long. Please start a new conversation.',
  imageTooManyPixels: 'Images can be at most 16 megapixels (for example 4096 × 4096 pixels).',
  imageUnreadable: 'This image could not be read. Please export it again as PNG, JPEG or WebP.',
  uploadQuotaReached: 'You have uploaded the most images allowed in one day. Please try again tomorrow.',
  mediaForbidden: 'You do not have access to this file.',
  mediaLinkExpired: 'This link has expired or is not valid.',
  previewLabel: 'Preview',
} as const;

/** Live updates over GET /api/realtime (docs/decisions/0019-live-updates-durable-object.md). */
export const realtimeMessages = {
  upgradeRequired: 'This address only accepts WebSocket connections.',
  invalidTicket: 'This live-updates ticket is not valid or has expired.',
  forbiddenOrigin: 'Live updates can only be opened from the studio.',
} as const;

/** The studio's public address: the footer's contact link and the Enterprise card's Contact Sales. */
/** Generation jobs (docs/decisions/0036–0038). */
export const jobMessages = {
  tooManyJobs: (limit: number) =>
    `You already have ${limit} generations running. Please wait for one to finish and try again.`,
  cannotCancel: 'This generation has already started, so it can no longer be cancelled.',
  alreadyEnded: 'This generation has already finished.',
  invalidIdempotencyKey: 'The Idempotency-Key header must be 1 to 200 visible ASCII characters.',
  cancelled: 'The generation was cancelled.',
  couldNotStart: 'The generation could not be started.',
} as const;

export const CONTACT_EMAIL = 'hello@parti.studio';

/** Projects, their brief and version lineage (docs/decisions/0062-projects-api.md). */
export const projectMessages = {
  nameLength: `A project name is 1 to ${PROJECT_NAME_MAX_CHARS} characters.`,
  briefFieldTooLong: `Each field of the brief is at most ${BRIEF_FIELD_MAX_CHARS} characters.`,
  nothingToChange: 'Send at least one field to change.',
  heroNotInProject: 'The hero image must be a generation in this project.',
} as const;

/** The presentation board (docs/decisions/0074-presentation-board.md). */
export const boardMessages = {
  /** Free-plan boards carry it in their foot, as their images carry the watermark. */
  freePlanMark: `Made with ${PRODUCT_NAME} — free plan`,
  /** PUT /api/projects/:id/board with a logo that is not one of the caller's uploads. */
  logoNotYours: 'The logo must be an image you uploaded.',
} as const;
