/** Texts of any route: the error shape's generic messages and the 404 page. */
export const generalMessages = {
  payloadTooLarge: 'This request is too large.',
  rateLimited: 'Too many requests. Please wait a minute and try again.',
  notFoundPage: '404 - Page Not Found',
  notFound: 'Not found.',
  invalidRequest: 'The request is not valid.',
  internal: 'Something went wrong on our side. Please try again.',
} as const;
