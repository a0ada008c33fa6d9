/** The widths the browser tests look at (the projects in playwright.config.ts use them too). */
export const VIEWPORTS = {
  phone: { width: 375, height: 812 },
  tablet: { width: 768, height: 1024 },
  desktop: { width: 1440, height: 900 },
} as const;
