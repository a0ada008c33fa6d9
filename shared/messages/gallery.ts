/** The public gallery, likes and the dashboard's cards. */
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
  likeFailed: 'Failed to update like status. Please try again.',
} as const;
