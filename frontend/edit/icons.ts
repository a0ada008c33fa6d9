/** The mask editor's tool icons (ui/icons.tsx draws them), in the editor's own chunk. */
export const brushIcon = 'M14.5 4.5l5 5-7.5 7.5-5-5zM7 12.5c-2.5.5-3.5 3-4 7.5 4.5-.5 7-1.5 7.5-4';
export const eraserIcon = 'M9 20h11M4.6 14.4l9-9a2 2 0 0 1 2.8 0l2.2 2.2a2 2 0 0 1 0 2.8L10 19.1H8.3zM9 10l5 5';
export const rectangleIcon = 'M4 6h16v12H4z';
export const lassoIcon = 'M12 4.5c4.4 0 8 2.2 8 5s-3.6 5-8 5-8-2.2-8-5 3.6-5 8-5zM7.5 13.5c-1.5 2 0 3.5 1.5 3.5s1.5 1.5.5 3';
export const undoIcon = 'M9 14L4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11';
export const redoIcon = 'M15 14l5-5-5-5M20 9H9.5a5.5 5.5 0 0 0 0 11H13';
export const eyeIcon = 'M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z';
