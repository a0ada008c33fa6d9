import { useId, useState, type CSSProperties } from 'react';
import { Icon } from '../ui/icons';
import { fidelityCopy } from './copy';
import { useFidelityMap, type FidelityMapSource } from './map';
import { DEFAULT_OVERLAY_OPACITY, MAP_LEGEND, OVERLAY_OPACITY_STEP, overlayOpacity } from './rules';
import './fidelity.css';

/** Two layers, the top one in outline: the drawing over the render. */
const overlayIcon = 'M4 8h12v12H4zM8 4h12v12';

export interface OverlaySettings {
  on: boolean;
  /** Percent, 0–100. */
  opacity: number;
  toggle: () => void;
  setOpacity: (value: number) => void;
}

/** The overlay's switch and opacity, kept while the user moves between images. */
export function useOverlaySettings(): OverlaySettings {
  const [on, setOn] = useState(false);
  const [opacity, setOpacity] = useState(DEFAULT_OVERLAY_OPACITY);
  return { on, opacity, toggle: () => setOn(!on), setOpacity: (value) => setOpacity(overlayOpacity(value)) };
}

/** What each colour of the map means, in the map's own colours. */
function MapLegend() {
  return (
    <ul className="fidelity-legend" aria-label={fidelityCopy.legend}>
      {MAP_LEGEND.map(({ line, color }) => (
        <li key={line}>
          <span className="fidelity-swatch" style={{ background: color }} aria-hidden="true" />
          {fidelityCopy.lines[line]}
        </li>
      ))}
    </ul>
  );
}

/** The overlay's button and, while it is on, its labelled opacity slider and the legend. */
export function OverlayControls({ settings, failed = false }: { settings: OverlaySettings; failed?: boolean }) {
  const sliderId = useId();
  return (
    <div className="fidelity-controls" role="group" aria-label={fidelityCopy.overlay}>
      <button type="button" className="fidelity-toggle" aria-pressed={settings.on} onClick={settings.toggle}>
        <Icon path={overlayIcon} size={18} />
        <span>{fidelityCopy.overlay}</span>
      </button>
      {settings.on && (
        <>
          <span className="fidelity-opacity">
            <label htmlFor={sliderId}>{fidelityCopy.opacity}</label>
            <input
              id={sliderId}
              type="range"
              min={0}
              max={100}
              step={OVERLAY_OPACITY_STEP}
              value={settings.opacity}
              aria-valuetext={fidelityCopy.opacityValue(settings.opacity)}
              onChange={(event) => settings.setOpacity(Number(event.currentTarget.value))}
            />
            <output htmlFor={sliderId} aria-hidden="true">{fidelityCopy.opacityValue(settings.opacity)}</output>
          </span>
          <MapLegend />
          {failed && <p className="fidelity-failed" role="status">{fidelityCopy.mapFailed}</p>}
        </>
      )}
    </div>
  );
}

interface FidelityMapImageProps {
  source: FidelityMapSource;
  opacity: number;
  className: string;
  /** Placement over the render (the compare view shares the render's transform). */
  style?: CSSProperties;
}

/** The map stretched over the render it was measured on; nothing until it has arrived. */
export function FidelityMapImage({ source, opacity, className, style }: FidelityMapImageProps) {
  const map = useFidelityMap(source);
  if (!map.url) return null;
  return <img className={`fidelity-map ${className}`} src={map.url} alt={fidelityCopy.overlayAlt} style={{ ...style, opacity: opacity / 100 }} draggable={false} />;
}
