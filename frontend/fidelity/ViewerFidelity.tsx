import { useId, useState, type ReactNode } from 'react';
import type { FidelityAlternate, FidelityStep, ViewFidelity } from '#shared/drawing-inputs';
import { fidelityCopy } from './copy';
import { OverlayControls, useOverlaySettings } from './FidelityOverlay';
import { useFidelityMap, type FidelityMapSource } from './map';
import { fidelityPercent, fidelityTone } from './rules';
import './fidelity.css';

/** What the viewer shows of one view's geometry; the page that opens the viewer fills it. */
export interface SlideFidelity {
  /** The view's score, once scored. */
  view?: ViewFidelity;
  /** Where its map is read from. */
  map?: FidelityMapSource;
  /** A view rendered from an input: "Render again, more precise" renders at this step, for this price. */
  renderAgain?: { step: FidelityStep; credits: number };
}

export interface ViewerFidelity {
  /** The render that was not chosen, while the user looks at it instead of the view. */
  alternate: FidelityAlternate | null;
  /** The map over the image (inside the image's figure), or nothing. */
  overlay: ReactNode;
  /** The side panel's section, or nothing for a view that is neither scored nor from an input. */
  panel: ReactNode;
}

function RenderAgainButton({ step, credits, run }: { step: FidelityStep; credits: number; run: () => Promise<void> | void }) {
  const [busy, setBusy] = useState(false);
  const detailId = useId();
  return (
    <button
      type="button"
      className="button viewer-copy fidelity-again"
      aria-describedby={detailId}
      aria-busy={busy}
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void Promise.resolve(run()).finally(() => setBusy(false));
      }}
    >
      <span>{fidelityCopy.renderAgain}</span>
      <span id={detailId} className="fidelity-again-detail">{fidelityCopy.renderAgainDetail(step, credits)}</span>
    </button>
  );
}

/**
 * The viewer's geometry for the slide at `index`: its score explained, the free re-render's other
 * render to open, the overlay with its opacity and legend, and "Render again, more precise".
 * The overlay's switch and opacity stay as the user pages through the views; the other render
 * shows only on the slide it was opened on.
 */
export function useViewerFidelity(fidelity: SlideFidelity | undefined, index: number, onRenderAgain?: (index: number) => Promise<void> | void): ViewerFidelity {
  const settings = useOverlaySettings();
  const [alternateOf, setAlternateOf] = useState<number | null>(null);
  const headingId = useId();
  const view = fidelity?.view;
  const alternate = view?.alternate && alternateOf === index ? view.alternate : null;
  // The map is the chosen render's: it is not laid over the other one.
  const map = fidelity?.map && !alternate ? fidelity.map : null;
  const mapState = useFidelityMap(settings.on ? map : null);
  const overlay =
    settings.on && mapState.url ? (
      <img className="fidelity-map viewer-fidelity-map" src={mapState.url} alt={fidelityCopy.overlayAlt} style={{ opacity: settings.opacity / 100 }} draggable={false} />
    ) : null;

  const renderAgain = fidelity?.renderAgain;
  if (!view && !renderAgain) return { alternate: null, overlay: null, panel: null };
  const score = alternate?.score ?? view?.score;
  const panel = (
    <section className="fidelity-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="viewer-panel__title">{fidelityCopy.heading}</h2>
      {score !== undefined && (
        <>
          <p className={`fidelity-score is-${fidelityTone(score)}`}>
            <span className="fidelity-dot" aria-hidden="true" />
            {fidelityCopy.badge(fidelityPercent(score))}
          </p>
          <p className="fidelity-note">{fidelityCopy.explanation}</p>
        </>
      )}
      {view?.retried && <p className="fidelity-note">{alternate ? fidelityCopy.showingAlternate : `${fidelityCopy.retried}.`}</p>}
      <div className="viewer-actions">
        {view?.alternate && (
          <button type="button" className="button viewer-copy" onClick={() => setAlternateOf(alternate ? null : index)}>
            {alternate ? fidelityCopy.showChosen(fidelityPercent(view.score)) : fidelityCopy.showAlternate(fidelityPercent(view.alternate.score))}
          </button>
        )}
        {renderAgain && onRenderAgain && <RenderAgainButton step={renderAgain.step} credits={renderAgain.credits} run={() => onRenderAgain(index)} />}
      </div>
      {map && <OverlayControls settings={settings} failed={mapState.failed} />}
    </section>
  );
  return { alternate, overlay, panel };
}
