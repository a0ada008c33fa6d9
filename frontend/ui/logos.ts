/** The two logo sizes, shipped with the app (docs/decisions/0024-assets-ship-with-app.md). */
export const LOGO_LARGE = '/logo-512.png';
export const LOGO_SMALL = '/logo-128.png';
