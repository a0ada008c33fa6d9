import { PASSWORD_RESET_TTL_MINUTES } from '../limits';
import { PRODUCT_NAME } from './brand';

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
