import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { compareMessages } from './copy';
import { wipeKey } from './keys';

interface WipeDividerProps {
  /** Percent of the pane's width from its left edge. */
  position: number;
  leftLabel: string;
  rightLabel: string;
  onChange: (position: number) => void;
}

/**
 * The wipe's divider: a real slider (role=slider, arrows, Page Up/Down, Home, End) with a wide
 * grip to drag; its keys stay with it, so they do not pan the images underneath.
 */
export function WipeDivider({ position, leftLabel, rightLabel, onChange }: WipeDividerProps) {
  const dragging = useRef(false);
  const fromPointer = (event: PointerEvent<HTMLElement>) => {
    const pane = event.currentTarget.parentElement?.getBoundingClientRect();
    if (!pane || pane.width <= 0) return;
    onChange(Math.min(100, Math.max(0, ((event.clientX - pane.left) / pane.width) * 100)));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const next = wipeKey(position, event);
    if (next === null) return;
    event.preventDefault();
    event.stopPropagation();
    onChange(next);
  };
  return (
    <div
      className="compare-wipe-divider"
      style={{ left: `${position}%` }}
      role="slider"
      tabIndex={0}
      aria-label={compareMessages.wipeDivider}
      aria-orientation="horizontal"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(position)}
      aria-valuetext={compareMessages.wipeValue(position, leftLabel, rightLabel)}
      onKeyDown={onKeyDown}
      onPointerDown={(event) => {
        // The grip is the slider's; the stage around it pans.
        event.stopPropagation();
        event.currentTarget.setPointerCapture(event.pointerId);
        dragging.current = true;
      }}
      onPointerMove={(event) => {
        if (dragging.current) fromPointer(event);
      }}
      onPointerUp={(event) => {
        event.stopPropagation();
        dragging.current = false;
      }}
      onPointerCancel={() => {
        dragging.current = false;
      }}
      onDoubleClick={(event) => event.stopPropagation()}
    >
      <span className="compare-wipe-grip" aria-hidden="true">
        <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
          <path d="M9 6l-5 6 5 6M15 6l5 6-5 6" />
        </svg>
      </span>
    </div>
  );
}
