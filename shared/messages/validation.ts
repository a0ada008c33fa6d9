/** Prompt validation before a generation. */
export const validationMessages = {
  emptyPrompt: 'Please enter a prompt to describe your architectural vision.',
  shortPrompt: 'Please provide more detail about your architectural vision.',
  unparseable: 'Unable to validate prompt at this time. Please try rephrasing...',
  technicalFailure: 'Unable to validate prompt due to a technical issue. Please try again in a moment...',
} as const;
