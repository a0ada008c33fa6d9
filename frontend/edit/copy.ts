/**
 * The region edit's words: the mask editor and its ways in (ours: the source documents predate
 * region edits). Screens import only this module for them.
 */
import type { Tool } from './keys';
import { TOOL_KEYS } from './keys';

const toolNames: Record<Tool, string> = { brush: 'Brush', eraser: 'Eraser', rectangle: 'Rectangle', lasso: 'Lasso' };

const credits = (count: number) => `${count} ${count === 1 ? 'credit' : 'credits'}`;

export const editCopy = {
  // Ways in
  editRegion: 'Edit region',
  editRegionOf: (label: string) => `Edit region of ${label}`,
  editHere: 'Edit here',
  editHereLabel: (number: number) => `Edit here: open the mask editor at pin ${number} with this comment`,
  beforeAfter: 'Before / after',
  beforeAfterLabel: (instruction: string) => `Compare before and after: ${instruction}`,
  editMark: 'Region edit',
  treePrompt: (instruction: string) => `Edit: ${instruction}`,
  // The editor
  title: 'Edit region',
  intro: 'Paint over what should change; every pixel outside the mask stays exactly as it is.',
  close: 'Close',
  closeHint: 'Close (Esc)',
  tools: 'Tools',
  toolName: (tool: Tool) => toolNames[tool],
  toolHint: (tool: Tool) => `${toolNames[tool]} (${TOOL_KEYS[tool]})`,
  size: 'Size',
  sizeValue: (px: number) => `${px} px`,
  hardness: 'Hardness',
  hardnessValue: (percent: number) => `${percent} %`,
  history: 'Undo and redo',
  undo: 'Undo',
  undoHint: 'Undo (Ctrl+Z)',
  redo: 'Redo',
  redoHint: 'Redo (Ctrl+Shift+Z)',
  showMask: 'Show mask',
  showMaskHint: 'Show mask (M)',
  zoom: 'Zoom',
  zoomIn: 'Zoom in',
  zoomInHint: 'Zoom in (+)',
  zoomOut: 'Zoom out',
  zoomOutHint: 'Zoom out (−)',
  fit: 'Fit',
  fitHint: 'Fit (0)',
  stageLabel: (prompt: string) => `Image to mask: ${prompt}`,
  stageHelp:
    'Paint with one finger, the mouse or a pen. Two fingers pinch to zoom and pan; the wheel zooms; Space and drag, or the arrow keys, pan. Keys: B brush, E eraser, R rectangle, L lasso, [ and ] size, M mask overlay, Ctrl+Z undo, Ctrl+Shift+Z redo, + and − zoom, 0 fits, Escape leaves.',
  imageFailed: 'The image could not be loaded. Close the editor and try again.',
  instruction: 'What should change',
  instructionPlaceholder: 'e.g. replace the sofa with a green velvet one',
  send: (cost: number | null) => (cost === null ? 'Edit' : `Edit · ${credits(cost)}`),
  sending: 'Sending…',
  needsMask: 'Paint over the part of the image to change first.',
  needsInstruction: 'Say what should change in the painted region.',
  sendFailed: 'The edit could not be sent. Please try again.',
  queued: 'Edit queued: the new version appears beside its source when it is ready.',
  // Leaving
  discardTitle: 'Discard this mask?',
  discardBody: 'Your painted region and instruction will be lost.',
  keepEditing: 'Keep editing',
  discard: 'Discard',
} as const;
