import { useIsMutating } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { studioMessages } from '#shared/messages/studio';
import { MODELS, MODEL_IDS, type ModelId } from '#shared/models';
import { useAuth } from '../auth/store';
import { useSpaceBalance, useSpaceRefusal } from '../workspaces/hooks';
import { useStudio } from './store';
import { CreditRing } from './CreditRing';
import { useMediaQuery } from './hooks';
import { studioLabels } from './labels';
import { ReferenceStrip } from './ReferenceStrip';
import { PromptBox } from './PromptBox';
import { generateMutationKey } from './generate';
import { useGuardedSubmit } from './ReferenceConfirm';
import { refusalBeforeUpload } from './references';
import { notify } from '../shell/notices';
import { canEnhance, generateButtonState, modelSelectable } from './rules';
import { ResolutionPicker } from './ResolutionPicker';
import { Sheet } from './Sheet';
import { RatioChoices, RatioPicker } from './RatioPicker';
import { PresetBar, PresetToggle } from './PresetBar';
import { useOpenProject } from './project';
import { Icon } from '../ui/icons';
import { diceIcon, optionsIcon, refineIcon, sendIcon, uploadIcon, viewsIcon } from '../ui/tool-icons';

const PHONE_QUERY = '(max-width: 639.98px)';
const COMPACT_QUERY = '(max-width: 1023.98px)';

function ModelButtons({ onPicked }: { onPicked?: () => void }) {
  const model = useStudio((state) => state.model);
  const setModel = useStudio((state) => state.setModel);
  const hasImages = useStudio((state) => state.selected.length + state.references.length > 0);
  return (
    <div className="studio-models-wrap">
      <div className="studio-models" role="group" aria-label={studioLabels.modelGroup}>
        {MODEL_IDS.map((id: ModelId) => {
          const allowed = modelSelectable(id, hasImages);
          return (
            <button
              key={id}
              type="button"
              className={`studio-model${model === id ? ' is-on' : ''}`}
              aria-pressed={model === id}
              disabled={!allowed}
              title={allowed ? `${MODELS[id].label} · ${MODELS[id].credits}` : studioMessages.onlyConceptWithImages}
              onClick={() => {
                setModel(id);
                onPicked?.();
              }}
            >
              {MODELS[id].label}
            </button>
          );
        })}
      </div>
      {hasImages && <p className="studio-hint">{studioMessages.onlyConceptWithImages}</p>}
    </div>
  );
}

/** Ratio, views and upload; in the phone's sheet (`inSheet`) the ratios show as a group, with words on every control. */
function OptionButtons({ inSheet, onFilesPicked }: { inSheet: boolean; onFilesPicked?: () => void }) {
  const showLabels = inSheet;
  const views = useStudio((state) => state.views);
  const cycleViews = useStudio((state) => state.cycleViews);
  const addFiles = useStudio((state) => state.addReferenceFiles);
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <>
      {inSheet ? <RatioChoices /> : <RatioPicker />}
      <button type="button" className="studio-chip" aria-label={studioLabels.views(views)} title={studioLabels.views(views)} onClick={cycleViews}>
        <Icon path={viewsIcon} size={18} />
        <span>{showLabels ? studioLabels.viewsText(views) : studioLabels.viewsShort(views)}</span>
      </button>
      <button type="button" className="studio-chip" aria-label={studioLabels.upload} title={studioLabels.upload} onClick={() => fileInput.current?.click()}>
        <Icon path={uploadIcon} size={18} />
        {showLabels && <span>{studioLabels.upload}</span>}
      </button>
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        multiple
        hidden
        data-testid="studio-upload-input"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // The store keeps images only; anything else is refused here, with the reason, at once.
          const notImage = files.find((file) => !file.type.startsWith('image/'));
          if (notImage) notify(`${notImage.name}: ${refusalBeforeUpload(notImage) ?? ''}`, { tone: 'error' });
          addFiles(files);
          event.target.value = '';
          onFilesPicked?.();
        }}
      />
    </>
  );
}

function RefineToggle() {
  const refineMode = useStudio((state) => state.refineMode);
  const setRefineMode = useStudio((state) => state.setRefineMode);
  const hasImages = useStudio((state) => state.selected.length + state.references.length > 0);
  return (
    <button
      type="button"
      className={`studio-chip${refineMode ? ' is-on' : ''}`}
      aria-pressed={refineMode}
      aria-disabled={!hasImages && !refineMode}
      aria-label={studioLabels.refine}
      title={studioLabels.refine}
      onClick={() => (hasImages || refineMode) && setRefineMode(!refineMode)}
    >
      <Icon path={refineIcon} size={18} />
    </button>
  );
}

function Enhancer() {
  const prompt = useStudio((state) => state.prompt);
  const enhancer = useStudio((state) => state.enhancer);
  const enhancing = useStudio((state) => state.enhancing);
  const enhance = useStudio((state) => state.enhance);
  const toggle = useStudio((state) => state.toggleEnhancerBadge);
  const signedIn = useAuth((state) => state.status === 'signedIn');
  const usable = canEnhance(prompt, enhancer, signedIn, enhancing);
  return (
    <>
      <button
        type="button"
        className={`studio-chip${enhancing ? ' is-busy' : ''}`}
        aria-disabled={!usable}
        aria-busy={enhancing}
        aria-label={enhancing ? studioLabels.enhancing : studioLabels.enhance}
        title={studioLabels.enhance}
        onClick={() => usable && void enhance()}
      >
        <Icon path={diceIcon} size={18} />
      </button>
      {enhancer && (
        <button
          type="button"
          className="studio-badge"
          aria-label={enhancer.showing === 'enhanced' ? studioLabels.showOriginal : studioLabels.showEnhanced}
          onClick={toggle}
        >
          {enhancer.showing === 'enhanced' ? studioMessages.enhanced : studioMessages.original}
        </button>
      )}
    </>
  );
}

/**
 * Send is always send: disabled while the prompt is empty or a generation starts, so a second
 * click never lands on something else. The pricing action is the credit ring beside it.
 */
function GenerateButton({ onSubmit, checking }: { onSubmit: () => void; checking: boolean }) {
  const status = useAuth((state) => state.status);
  const balance = useSpaceBalance();
  const refusal = useSpaceRefusal('generate');
  const prompt = useStudio((state) => state.prompt);
  const generating = useIsMutating({ mutationKey: generateMutationKey }) > 0;
  const enhancing = useStudio((state) => state.enhancing);
  const model = useStudio((state) => state.model);
  const resolution = useStudio((state) => state.resolution);
  const views = useStudio((state) => state.views);
  const state = generateButtonState({
    prompt,
    generating,
    pendingPrompt: generating,
    signedIn: status === 'signedIn' && balance !== undefined,
    refusal,
    enhancing,
    plan: balance?.plan ?? 'free',
    credits: balance?.credits ?? 0,
    model,
    resolution,
    views,
  });
  return (
    <span className="studio-tip">
      <button
        type="button"
        className="studio-send"
        aria-disabled={!state.enabled || checking}
        aria-busy={checking}
        aria-label={studioLabels.generate}
        aria-describedby={state.tooltip ? 'studio-send-tip' : undefined}
        onClick={() => state.enabled && onSubmit()}
      >
        <Icon path={sendIcon} size={20} />
      </button>
      {state.tooltip && (
        <span role="tooltip" id="studio-send-tip" className="studio-tooltip">
          {state.tooltip}
        </span>
      )}
    </span>
  );
}

function SheetButton({ label, icon, text, children }: { label: string; /** An icon drawing (ui/icons.tsx). */
  icon?: string; text?: string; children: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <button type="button" className="studio-chip studio-sheet-trigger" aria-haspopup="dialog" aria-label={text ? `${label}: ${text}` : label} onClick={() => setOpen(true)}>
        {icon && <Icon path={icon} size={18} />}
        {text && <span>{text}</span>}
      </button>
      <Sheet open={open} title={label} onClose={close}>
        {children(close)}
      </Sheet>
    </>
  );
}

/** The prompt, its controls and the send button; sheets under 640 px, a compact bar under 1024 px. */
export function InputBar() {
  const phone = useMediaQuery(PHONE_QUERY);
  const compact = useMediaQuery(COMPACT_QUERY);
  const balance = useSpaceBalance();
  const model = useStudio((state) => state.model);
  // Button and Enter both go through the reference guard (docs/decisions/0048-reference-traps.md).
  const guard = useGuardedSubmit();
  const send = <GenerateButton onSubmit={guard.request} checking={guard.checking} />;
  const [presetsOpen, setPresetsOpen] = useState(false);
  const openProject = useOpenProject();
  return (
    <div className={`studio-bar${compact ? ' is-compact' : ''}${phone ? ' is-phone' : ''}`}>
      <ReferenceStrip />
      {presetsOpen && <PresetBar brief={openProject?.brief ?? null} />}
      <div className="studio-prompt-row">
        <PromptBox onSubmit={guard.request} />
        {/* The compact bar keeps the send button beside the prompt, so the controls may wrap. */}
        {compact && send}
      </div>
      <div className="studio-controls">
        {balance && <CreditRing credits={balance.credits} plan={balance.plan} />}
        {phone ? (
          <>
            <SheetButton label={studioLabels.chooseModel} text={MODELS[model].label}>
              {(close) => (
                <>
                  <ModelButtons onPicked={close} />
                  <ResolutionPicker inline />
                </>
              )}
            </SheetButton>
            <SheetButton label={studioLabels.options} icon={optionsIcon}>
              {(close) => (
                <div className="studio-sheet-options">
                  <OptionButtons inSheet onFilesPicked={close} />
                </div>
              )}
            </SheetButton>
          </>
        ) : (
          <>
            <ModelButtons />
            <ResolutionPicker />
            <OptionButtons inSheet={false} />
          </>
        )}
        <RefineToggle />
        <Enhancer />
        <PresetToggle open={presetsOpen} onToggle={() => setPresetsOpen(!presetsOpen)} />
        {!compact && (
          <>
            <span className="studio-controls-spacer" />
            {send}
          </>
        )}
      </div>
      {guard.dialog}
    </div>
  );
}
