/** The balance wherever it shows: the rail, the studio's ring and the Credits page. */
export const creditMessages = {
  unlimitedCredits: 'Unlimited credits',
} as const;
