import './edit.css';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { errorMessage } from '../api/client';
import { useDevicePixelRatio, useStageSize } from '../compare/hooks';
import { Modal } from '../ui/Modal';
import { editCopy } from './copy';
import { EditorToolbar } from './EditorToolbar';
import { brushLimits, EDITOR_ZOOM_FACTOR, editorKeyAction, keyTargetOf, nextBrushSize, type EditorAction, type Tool } from './keys';
import type { Rect } from './mask';
import { createMaskDocument } from './mask-document';
import { MaskStage } from './MaskStage';
import { DiscardPrompt, SendBar } from './SendBar';
import { shownCost, type EditTarget } from './target';
import { useMaskOverlay } from './useMaskOverlay';
import { useSendEdit } from './useSendEdit';
import { clampEditorView, editorFrame, FIT_VIEW, panBy, zoomAt, zoomLimits, type View } from './viewport';
import { useSpacePlan } from '../workspaces/hooks';

/** A fairly hard brush: its edge is where the user put it, with a little softness the feather continues. */
const DEFAULT_HARDNESS = 0.8;

interface MaskEditorProps {
  target: EditTarget;
  /** Leaves the editor (after Send, or after Escape or Close and, with a painted mask, a confirmation). */
  onClose: () => void;
}

/**
 * The mask editor (docs/decisions/0085-mask-editor.md): a full-screen dialog over one image with
 * the tools, the mask at the image's own pixel size, and the instruction with Send. The native
 * modal dialog traps focus, makes the page inert and returns focus to the way in when it closes.
 * Keys are handled here and kept from the page beneath (the viewer listens on the document).
 */
export function MaskEditor({ target, onClose }: MaskEditorProps) {
  const plan = useSpacePlan();
  const [doc] = useState(() => createMaskDocument(target.width, target.height, target.pin));
  const overlay = useMaskOverlay(doc.mask);
  const [limits] = useState(() => brushLimits(target.width, target.height));
  const [tool, setTool] = useState<Tool>('brush');
  const [size, setSize] = useState(limits.initial);
  const [hardness, setHardness] = useState(DEFAULT_HARDNESS);
  const [showMask, setShowMask] = useState(true);
  const [instruction, setInstruction] = useState(target.instruction ?? '');
  // What depends on the whole mask, read again after every step (not on every piece of a stroke).
  const [mask, setMaskState] = useState(() => ({ hasMask: doc.bounds() !== null, canUndo: doc.canUndo(), canRedo: doc.canRedo() }));
  const [prefilled] = useState(() => mask.hasMask && instruction.trim() !== '');
  const [attempted, setAttempted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const send = useSendEdit(target, onClose);

  const stageRef = useRef<HTMLDivElement>(null);
  const sendRef = useRef<HTMLButtonElement>(null);
  const firstToolRef = useRef<HTMLButtonElement>(null);
  const stage = useStageSize(stageRef);
  const dpr = useDevicePixelRatio();
  const frame = editorFrame(stage, target);
  const [storedView, setView] = useState<View>(FIT_VIEW);
  const view = clampEditorView(storedView, frame, dpr);
  const maxZoom = zoomLimits([frame], dpr).max;
  const change = (update: (view: View) => View) => setView((current) => clampEditorView(update(clampEditorView(current, frame, dpr)), frame, dpr));

  // Opened from a comment, everything is ready: Send has focus. Otherwise the first tool.
  useEffect(() => (prefilled ? sendRef : firstToolRef).current?.focus(), [prefilled]);

  const afterStep = (rect: Rect | null) => {
    overlay.draw(rect);
    setMaskState({ hasMask: doc.bounds() !== null, canUndo: doc.canUndo(), canRedo: doc.canRedo() });
  };
  const zoomBy = (factor: number) => change((current) => zoomAt(current, frame, frame.width / 2, frame.height / 2, current.zoom * factor));
  const perform = (action: EditorAction) => {
    if (action.type === 'tool') setTool(action.tool);
    else if (action.type === 'size') setSize(nextBrushSize(size, action.step, limits));
    else if (action.type === 'undo') afterStep(doc.undo());
    else if (action.type === 'redo') afterStep(doc.redo());
    else if (action.type === 'overlay') setShowMask(!showMask);
    else if (action.type === 'zoom') zoomBy(action.factor);
    else if (action.type === 'fit') setView(FIT_VIEW);
    else change((current) => panBy(current, frame, action.dx, action.dy));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Escape stays the dialog's (its cancel event); nothing reaches a page listening beneath.
    event.stopPropagation();
    const action = editorKeyAction(event, keyTargetOf(event.target instanceof Element ? event.target : null));
    if (!action) return;
    event.preventDefault();
    perform(action);
  };

  const leave = () => {
    if (confirming) setConfirming(false);
    else if (doc.touchedByUser() && mask.hasMask) setConfirming(true);
    else onClose();
  };
  const text = instruction.trim();
  const submit = () => {
    setAttempted(true);
    if (!mask.hasMask || !text || send.isPending) return;
    send.mutate({ mask: doc.mask, instruction: text });
  };
  const problem = attempted && !mask.hasMask ? editCopy.needsMask
    : attempted && !text ? editCopy.needsInstruction
      : send.isError ? errorMessage(send.error, editCopy.sendFailed) : null;

  return (
    <Modal open onClose={leave} label={editCopy.title} className="mask-editor" closeOnBackdrop={false}>
      <div className="mask-editor-layout" onKeyDown={onKeyDown}>
        <EditorToolbar
          firstToolRef={firstToolRef}
          tool={tool}
          onTool={setTool}
          size={size}
          limits={limits}
          onSize={setSize}
          hardness={hardness}
          onHardness={setHardness}
          canUndo={mask.canUndo}
          canRedo={mask.canRedo}
          onUndo={() => afterStep(doc.undo())}
          onRedo={() => afterStep(doc.redo())}
          showMask={showMask}
          onToggleMask={() => setShowMask(!showMask)}
          canZoomIn={view.zoom < maxZoom - 1e-6}
          canZoomOut={view.zoom > 1 + 1e-6}
          onZoom={(direction) => zoomBy(direction > 0 ? EDITOR_ZOOM_FACTOR : 1 / EDITOR_ZOOM_FACTOR)}
          onFit={() => setView(FIT_VIEW)}
          onClose={leave}
        />
        <MaskStage
          target={target}
          stageRef={stageRef}
          canvasRef={overlay.canvasRef}
          doc={doc}
          tool={tool}
          size={size}
          hardness={hardness}
          showMask={showMask}
          frame={frame}
          view={view}
          change={change}
          draw={overlay.draw}
          settle={afterStep}
          onCanvas={overlay.drawAll}
        />
        <SendBar
          instruction={instruction}
          onInstruction={setInstruction}
          cost={shownCost(target, plan)}
          sending={send.isPending}
          problem={problem}
          sendRef={sendRef}
          onSend={submit}
        />
        {confirming && (
          <DiscardPrompt
            onKeep={() => {
              setConfirming(false);
              stageRef.current?.focus();
            }}
            onDiscard={onClose}
          />
        )}
      </div>
    </Modal>
  );
}
