import type { RefObject } from 'react';
import { Icon, closeIcon } from '../ui/icons';
import { fitIcon, zoomInIcon, zoomOutIcon } from '../ui/tool-icons';
import { brushIcon, eraserIcon, eyeIcon, lassoIcon, rectangleIcon, redoIcon, undoIcon } from './icons';
import { editCopy } from './copy';
import { TOOL_KEYS, TOOLS, type BrushLimits, type Tool } from './keys';

const TOOL_ICONS: Record<Tool, string> = { brush: brushIcon, eraser: eraserIcon, rectangle: rectangleIcon, lasso: lassoIcon };

interface IconButtonProps {
  /** The icon's drawing (an SVG path). */
  icon: string;
  label: string;
  hint: string;
  keys?: string;
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
}

/** A square icon control: named for screen readers, its key in the tooltip and aria-keyshortcuts. */
function IconButton({ icon, label, hint, keys, pressed, disabled, onClick }: IconButtonProps) {
  return (
    <button type="button" className="mask-icon-button" aria-label={label} title={hint} aria-keyshortcuts={keys} aria-pressed={pressed}
      disabled={disabled} onClick={onClick}>
      <Icon path={icon} size={20} />
    </button>
  );
}

export interface EditorToolbarProps {
  firstToolRef: RefObject<HTMLButtonElement | null>;
  tool: Tool;
  onTool: (tool: Tool) => void;
  size: number;
  limits: BrushLimits;
  onSize: (size: number) => void;
  /** 0–1. */
  hardness: number;
  onHardness: (hardness: number) => void;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  showMask: boolean;
  onToggleMask: () => void;
  canZoomIn: boolean;
  canZoomOut: boolean;
  onZoom: (direction: 1 | -1) => void;
  onFit: () => void;
  onClose: () => void;
}

/** The title and close, the four tools, the brush's size and hardness, undo and redo, the overlay and the zoom. */
export function EditorToolbar(props: EditorToolbarProps) {
  const { tool, size, limits, hardness } = props;
  const brushy = tool === 'brush' || tool === 'eraser';
  return (
    <header className="mask-bar">
      <div className="mask-bar-row mask-bar-row--top">
        <h2 className="mask-title">{editCopy.title}</h2>
        <div className="mask-group" role="group" aria-label={editCopy.history}>
          <IconButton icon={undoIcon} label={editCopy.undo} hint={editCopy.undoHint} keys="Control+Z Meta+Z" disabled={!props.canUndo} onClick={props.onUndo} />
          <IconButton icon={redoIcon} label={editCopy.redo} hint={editCopy.redoHint} keys="Control+Shift+Z Meta+Shift+Z" disabled={!props.canRedo} onClick={props.onRedo} />
        </div>
        <IconButton icon={closeIcon} label={editCopy.close} hint={editCopy.closeHint} keys="Escape" onClick={props.onClose} />
      </div>
      <div className="mask-bar-row">
        <div className="mask-tools" role="group" aria-label={editCopy.tools}>
          {TOOLS.map((entry, index) => (
            <button key={entry} ref={index === 0 ? props.firstToolRef : undefined} type="button" className="mask-tool" aria-pressed={tool === entry}
              title={editCopy.toolHint(entry)} aria-keyshortcuts={TOOL_KEYS[entry]} onClick={() => props.onTool(entry)}>
              <Icon path={TOOL_ICONS[entry]} size={20} />
              <span className="mask-tool-name">{editCopy.toolName(entry)}</span>
            </button>
          ))}
        </div>
        {brushy && (
          <div className="mask-sliders">
            <label className="mask-slider">
              <span>{editCopy.size}</span>
              <input type="range" min={limits.min} max={limits.max} step={1} value={size} aria-valuetext={editCopy.sizeValue(size)}
                aria-keyshortcuts="[ ]" onChange={(event) => props.onSize(Number(event.currentTarget.value))} />
            </label>
            <label className="mask-slider">
              <span>{editCopy.hardness}</span>
              <input type="range" min={0} max={100} step={5} value={Math.round(hardness * 100)} aria-valuetext={editCopy.hardnessValue(Math.round(hardness * 100))}
                onChange={(event) => props.onHardness(Number(event.currentTarget.value) / 100)} />
            </label>
          </div>
        )}
        <div className="mask-group mask-view">
          <IconButton icon={eyeIcon} label={editCopy.showMask} hint={editCopy.showMaskHint} keys="M" pressed={props.showMask} onClick={props.onToggleMask} />
          <div className="mask-group" role="group" aria-label={editCopy.zoom}>
            <IconButton icon={zoomOutIcon} label={editCopy.zoomOut} hint={editCopy.zoomOutHint} keys="-" disabled={!props.canZoomOut} onClick={() => props.onZoom(-1)} />
            <IconButton icon={zoomInIcon} label={editCopy.zoomIn} hint={editCopy.zoomInHint} keys="+" disabled={!props.canZoomIn} onClick={() => props.onZoom(1)} />
            <IconButton icon={fitIcon} label={editCopy.fit} hint={editCopy.fitHint} keys="0" disabled={!props.canZoomOut} onClick={props.onFit} />
          </div>
        </div>
      </div>
    </header>
  );
}
