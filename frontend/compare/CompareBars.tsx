import type { ReactNode } from 'react';
import { OverlayControls, type OverlaySettings } from '../fidelity/FidelityOverlay';
import { Icon } from '../ui/icons';
import { leftIcon, rightIcon } from '../ui/card-icons';
import { fitIcon, pauseIcon, playIcon, zoomInIcon, zoomOutIcon } from '../ui/tool-icons';
import { compareMessages } from './copy';
import { FLICKER_MAX_MS, FLICKER_MIN_MS, type Flicker } from './hooks';
import { COMPARE_MODES, type CompareMode } from './layout';

interface TopBarProps {
  leading?: ReactNode;
  mode: CompareMode;
  onMode: (mode: CompareMode) => void;
}

/** The way back (the caller's) and the three modes, each with its number key. */
export function CompareTopBar({ leading, mode, onMode }: TopBarProps) {
  return (
    <div className="compare-bar compare-bar--top">
      {leading}
      <div className="compare-modes" role="group" aria-label={compareMessages.modes}>
        {COMPARE_MODES.map((entry, index) => (
          <button key={entry} type="button" className="compare-mode" aria-pressed={mode === entry}
            title={compareMessages.modeKey(entry, index + 1)} onClick={() => onMode(entry)}>
            {compareMessages.modeNames[entry]}
          </button>
        ))}
      </div>
    </div>
  );
}

interface ZoomControlsProps {
  percent: number;
  canZoomIn: boolean;
  canZoomOut: boolean;
  onZoom: (factor: number) => void;
  onFit: () => void;
  factor: number;
}

function ZoomControls({ percent, canZoomIn, canZoomOut, onZoom, onFit, factor }: ZoomControlsProps) {
  return (
    <div className="compare-zoom" role="group" aria-label={compareMessages.zoom}>
      <button type="button" className="compare-icon-button" aria-label={compareMessages.zoomOut} title={compareMessages.zoomOut}
        disabled={!canZoomOut} onClick={() => onZoom(1 / factor)}>
        <Icon path={zoomOutIcon} size={20} />
      </button>
      <output className="compare-zoom-level" aria-label={compareMessages.zoomLevelLabel(percent)}>{compareMessages.zoomLevel(percent)}</output>
      <button type="button" className="compare-icon-button" aria-label={compareMessages.zoomIn} title={compareMessages.zoomIn}
        disabled={!canZoomIn} onClick={() => onZoom(factor)}>
        <Icon path={zoomInIcon} size={20} />
      </button>
      <button type="button" className="compare-icon-button" aria-label={compareMessages.fit} title={compareMessages.fit}
        disabled={!canZoomOut} onClick={onFit}>
        <Icon path={fitIcon} size={20} />
      </button>
    </div>
  );
}

interface PairStepperProps {
  first: number;
  last: number;
  count: number;
  onStep: (delta: number) => void;
}

function PairStepper({ first, last, count, onStep }: PairStepperProps) {
  return (
    <div className="compare-pairs" role="group" aria-label={compareMessages.pairPosition(first, last, count)}>
      <button type="button" className="compare-icon-button" aria-label={compareMessages.previousPair} title={compareMessages.previousPair}
        disabled={first <= 1} onClick={() => onStep(-1)}>
        <Icon path={leftIcon} size={20} />
      </button>
      <span className="compare-pair-position" aria-hidden="true">{compareMessages.pairPosition(first, last, count)}</span>
      <button type="button" className="compare-icon-button" aria-label={compareMessages.nextPair} title={compareMessages.nextPair}
        disabled={last >= count} onClick={() => onStep(1)}>
        <Icon path={rightIcon} size={20} />
      </button>
    </div>
  );
}

function FlickerControls({ flicker }: { flicker: Flicker }) {
  return (
    <div className="compare-flicker" role="group" aria-label={compareMessages.modeNames.flicker}>
      <button type="button" className="compare-icon-button" aria-label={flicker.playing ? compareMessages.pause : compareMessages.play}
        title={flicker.playing ? compareMessages.pause : compareMessages.play} onClick={() => flicker.setPlaying(!flicker.playing)}>
        <Icon path={flicker.playing ? pauseIcon : playIcon} size={20} />
      </button>
      <label className="compare-interval">
        <span>{compareMessages.interval}</span>
        <input type="range" min={FLICKER_MIN_MS} max={FLICKER_MAX_MS} step={100} value={flicker.intervalMs} aria-label={compareMessages.intervalLabel}
          aria-valuetext={compareMessages.intervalValue(flicker.intervalMs)}
          onChange={(event) => flicker.setIntervalMs(Number(event.currentTarget.value))} />
        <span className="compare-interval-value" aria-hidden="true">{compareMessages.intervalValue(flicker.intervalMs)}</span>
      </label>
      <button type="button" className="compare-hold" title={compareMessages.holdLabel}
        onPointerDown={() => flicker.setHeld(true)} onPointerUp={() => flicker.setHeld(false)}
        onPointerLeave={() => flicker.setHeld(false)} onPointerCancel={() => flicker.setHeld(false)}
        onKeyDown={(event) => {
          if (event.key !== ' ' && event.key !== 'Enter') return;
          event.preventDefault();
          event.stopPropagation();
          flicker.setHeld(true);
        }}
        onKeyUp={() => flicker.setHeld(false)} onBlur={() => flicker.setHeld(false)}
        onContextMenu={(event) => event.preventDefault()}>
        {compareMessages.hold}
      </button>
    </div>
  );
}

interface BottomBarProps {
  zoom: ZoomControlsProps;
  pairs: PairStepperProps | null;
  flicker: Flicker | null;
  /** The fidelity overlay, when a shown image has a map. */
  overlay: OverlaySettings | null;
}

/** Zoom, the pair stepper (when not every item is shown), the flicker's controls and the fidelity overlay. */
export function CompareBottomBar({ zoom, pairs, flicker, overlay }: BottomBarProps) {
  return (
    <div className="compare-bar compare-bar--bottom">
      <ZoomControls {...zoom} />
      {pairs && <PairStepper {...pairs} />}
      {flicker && <FlickerControls flicker={flicker} />}
      {overlay && <OverlayControls settings={overlay} />}
    </div>
  );
}
