/** The sign-in forms' and the account menu's labels. */
export const accountMessages = {
  login: 'Login',
  signUp: 'Sign Up',
  loggingIn: 'Logging in...',
  signingUp: 'Signing up...',
  signOut: 'Sign Out',
  loginOrSignUp: 'Login / Sign Up',
} as const;
