/**
 * Parti's line icons, drawn on one 24 px grid; decorative, so the control carries the name. The
 * drawings live in three modules by where they show, so a screen's scripts carry only its own:
 * here the shell's, in card-icons.ts the gallery's, dashboard's and viewer's, in tool-icons.ts
 * the studio's, compare's and projects'.
 */
export const pricingIcon = 'M4 7h16v10H4zM4 11h16M8 15h3';
export const galleryIcon = 'M4 4h7v7H4zM13 4h7v4h-7zM13 10h7v10h-7zM4 13h7v7H4z';
export const aboutIcon = 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 11v6M12 7.5v.5';
export const generateIcon = 'M12 3l2.2 5.3L20 9l-4.4 3.8L17 19l-5-3-5 3 1.4-6.2L4 9l5.8-.7z';
export const dashboardIcon = 'M4 4h16v11H4zM12 15v5M8 20h8M8 8h5M8 11h8';
export const accountIcon = 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0';
/** A practice's building: the space switcher. */
export const spaceIcon = 'M4 21V8l8-5 8 5v13M4 21h16M9 21v-6h6v6M9 11h.01M15 11h.01';
export const menuIcon = 'M4 7h16M4 12h16M4 17h16';
export const closeIcon = 'M6 6l12 12M18 6L6 18';

export function Icon({ path, size = 22, filled = false }: { path: string; size?: number; filled?: boolean }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={1.7}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={path} />
    </svg>
  );
}
