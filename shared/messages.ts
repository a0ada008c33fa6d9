/**
 * Every user-facing text, word for word from the original product where it gives one
 * (docs/decisions/0027-texts-word-for-word.md). Both the Worker (error messages) and the React app
 * (labels, notices) read them from here.
 */
import { ENGINE_NAME } from './models';
import {
  BRIEF_FIELD_MAX_CHARS,
  PASSWORD_RESET_TTL_MINUTES,
  PROJECT_NAME_MAX_CHARS,
  REVIEW_COMMENT_MAX_CHARS,
  REVIEWER_NAME_MAX_CHARS,
} from './limits';

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
  // Forgotten passwords (docs/decisions/0081-password-reset-and-email.md).
  forgotPassword: 'Forgot password?',
  forgotTitle: 'Reset your password',
  forgotIntro: 'Enter the email of your account and we will send you a link to choose a new password.',
  sendResetLink: 'Send reset link',
  sendingResetLink: 'Sending...',
  resetLinkSent: (email: string) =>
    `If an account exists for ${email}, we have sent it a link to reset the password. The link works once, for ${PASSWORD_RESET_TTL_MINUTES} minutes.`,
  resetRateLimited: 'Too many reset requests. Please wait a minute and try again.',
  backToLogin: 'Back to login',
  resetTitle: 'Choose a new password',
  resetIntro: 'Your new password signs you in here and signs you out everywhere else.',
  newPassword: 'New password',
  confirmPassword: 'Confirm new password',
  passwordsDiffer: 'The two passwords do not match.',
  setNewPassword: 'Set new password',
  settingNewPassword: 'Saving...',
  resetLinkInvalid: 'This reset link has expired or has already been used. Please ask for a new one.',
  resetLinkMissing: 'This reset link is incomplete. Please open the link from the email again, or ask for a new one.',
  askNewLink: 'Ask for a new link',
  resetEmailSubject: `Reset your ${PRODUCT_NAME} password`,
  /** The reset email's plain text; its HTML says the same (worker/auth/reset-email.ts). */
  resetEmailText: (link: string) =>
    [
      `Someone, hopefully you, asked to reset the password of your ${PRODUCT_NAME} account.`,
      '',
      `Choose a new password here (the link works once, for ${PASSWORD_RESET_TTL_MINUTES} minutes):`,
      link,
      '',
      'Setting it signs you out on every other device.',
      'If you did not ask, ignore this email: your password stays as it is.',
    ].join('\n'),
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
    misaligned: 'The edited region did not line up with your image, so nothing was changed.',
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

/** The full-screen viewer's own texts (ours): its zoom, its facts about the image and its like. */
export const viewerMessages = {
  model: 'Model',
  size: 'Size',
  sizeValue: (width: number, height: number) => `${width.toLocaleString('en-US')} × ${height.toLocaleString('en-US')} px`,
  version: 'Version',
  zoom: 'Zoom',
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  fit: 'Fit to screen',
  actualSize: 'Zoom to 100 %',
  zoomPercent: (percent: number) => `${percent} %`,
  stageHelp: 'Scroll or pinch to zoom, double-click for 100 %, drag to move around the image.',
  like: 'Like',
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
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request. Send a new key for a new generation.',
  cancelled: 'The generation was cancelled.',
  couldNotStart: 'The generation could not be started.',
} as const;

export const CONTACT_EMAIL = 'hello@parti.studio';

/** Projects, their brief and version lineage (docs/decisions/0062-projects-api.md). */
export const projectMessages = {
  nameLength: `A project name is 1 to ${PROJECT_NAME_MAX_CHARS} characters.`,
  briefFieldTooLong: `Each field of the brief is at most ${BRIEF_FIELD_MAX_CHARS} characters.`,
  /** A brief that speaks to the model (docs/decisions/0083): refused when saved, and when a generation would carry it. */
  briefGivesInstructions:
    'A brief describes the project — site, materials, palette, light, season — and cannot give the image model instructions such as "ignore previous instructions". Say what to leave out plainly, for example "no people in the views".',
  nothingToChange: 'Send at least one field to change.',
  heroNotInProject: 'The hero image must be a generation in this project.',
  tooManyProjects: (limit: number) =>
    `You have ${limit} projects, the most one account can hold. Please delete one you no longer need and try again.`,
} as const;

/** What a review link's holder and its owner are told when a post or a link is refused (docs/decisions/0082). */
export const reviewRequestMessages = {
  nameNeedsLetter: 'Please enter your name, with at least one letter.',
  nameTooLong: `A name is at most ${REVIEWER_NAME_MAX_CHARS} characters.`,
  commentNeedsLetter: 'Please write your comment in words: it needs at least one letter.',
  commentTooLong: `A comment is at most ${REVIEW_COMMENT_MAX_CHARS} characters.`,
  nameRateLimited: 'Too many comments and decisions under this name in a minute. Please wait a minute and try again.',
  linkCommentsFull: (limit: number) =>
    `This review link has reached its limit of ${limit} comments. Please ask the person who shared it for a new link.`,
  projectCommentsFull: (limit: number) =>
    `This project has reached its limit of ${limit} comments, so no more can be added.`,
  linkDecisionsFull: (limit: number) =>
    `This review link has reached its limit of ${limit} decisions. Please ask the person who shared it for a new link.`,
  projectDecisionsFull: (limit: number) =>
    `This project has reached its limit of ${limit} decisions, so no more can be added.`,
  tooManyActiveLinks: (limit: number) =>
    `This project already has ${limit} working review links. Please revoke one you no longer need and try again.`,
  tooManyLinksToday: (limit: number) => `You have created ${limit} review links in the last 24 hours. Please try again tomorrow.`,
} as const;

/** The presentation board (docs/decisions/0074-presentation-board.md). */
export const boardMessages = {
  /** Free-plan boards carry it in their foot, as their images carry the watermark. */
  freePlanMark: `Made with ${PRODUCT_NAME} — free plan`,
} as const;

/** What POST /api/generations/:id/images/:index/edits answers when it refuses an edit (nothing is charged). */
export const regionEditMessages = {
  emptyInstruction: 'Describe the change to make in the painted area.',
  instructionTooLong: (max: number) => `Keep the instruction under ${max} characters.`,
  maskUnreadable: 'The mask must be a PNG, JPEG or WebP image.',
  maskWrongSize: (width: number, height: number) => `The mask must be exactly ${width} × ${height} pixels, the size of the image.`,
  maskEmpty: 'The mask is empty: paint the area to change.',
} as const;
