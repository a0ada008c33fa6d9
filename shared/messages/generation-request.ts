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
  inputTypeNeedsImage: 'An input type describes a reference image: attach the sketch, model view, site photo or drawing first.',
  fidelityNeedsInputType: 'Precise ↔ Creative applies to an input image: say what the image is (inputType) as well.',
  previewLabel: 'Preview',
} as const;
