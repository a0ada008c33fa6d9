/** Accounts and sessions: the sign-in forms and the auth routes' errors. */
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
  commonPassword: 'This password is too common or too easy to guess. Please choose another.',
  signUpRateLimited: 'Too many sign-ups from your network. Please wait a minute and try again.',
  captchaFailed: 'Please complete the check that you are human and try again.',
  captchaUnavailable: 'The human check could not be completed right now. Please try again.',
  crossSiteRefused: 'This request came from another site and was refused.',
} as const;
