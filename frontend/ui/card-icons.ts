/** The icons of cards, the viewer and the review page (ui/icons.tsx draws them). */
export const leftIcon = 'M15 5l-7 7 7 7';
export const rightIcon = 'M9 5l7 7-7 7';
export const copyIcon = 'M9 9h10v10H9zM5 15V5h10';
export const checkIcon = 'M5 12l5 5L20 7';
export const heartIcon = 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z';
export const downloadIcon = 'M12 4v12M7 11l5 5 5-5M4 20h16';
export const trashIcon = 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3';
export const globeIcon = 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3c2.5 2.7 2.5 15.3 0 18M12 3c-2.5 2.7-2.5 15.3 0 18';
export const lockIcon = 'M6 11h12v9H6zM8.5 11V8a3.5 3.5 0 0 1 7 0v3';
export const shuffleIcon = 'M4 7h3c5 0 5 10 10 10h3M4 17h3c2 0 3-1.6 4-3.5M13 9.5C14 8 15 7 17 7h3M17 4l3 3-3 3M17 14l3 3-3 3';
export const searchIcon = 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM16 16l4.5 4.5';
export const moreIcon = 'M6 12h.01M12 12h.01M18 12h.01';
export const lineageIcon = 'M6 4v16M6 8h6a4 4 0 0 1 4 4v8M6 8a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM16 20a2 2 0 1 0 0-4';
export const selectIcon = 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM8 12l3 3 5-6';
export const regionEditIcon = 'M4 8V4h4M16 4h4v4M20 16v4h-4M8 20H4v-4M9 15l5.5-5.5 1.5 1.5L10.5 16.5H9z';
/** The ×2 upscale: a small frame grown into a large one. */
export const upscaleIcon = 'M4 14h6v6H4zM4 10V4h16v16h-6M13 11l5-5M14 6h4v4';
