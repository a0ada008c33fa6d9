import { useEffect, useLayoutEffect, useRef } from 'react';
import { studioMessages } from '#shared/messages/studio';
import { useStudio } from './store';
import { studioLabels } from './labels';
import { inputCopy } from './input-copy';
import { promptBoxSize, promptCounter, shouldFocusPromptOnLoad } from './input-rules';

/**
 * The prompt box grows with its text up to this height
 * (docs/decisions/0023-studio-routes-and-duplicate-texts.md), and on a short screen (a phone held
 * sideways) to 40 % of it, so the controls and the history stay in view.
 */
const PROMPT_MAX_HEIGHT_PX = 312;
const PROMPT_MAX_HEIGHT = `min(${PROMPT_MAX_HEIGHT_PX}px, 40dvh)`;
/** The skip link's target (frontend/shell/NavRail.tsx). */
export const PROMPT_ID = 'studio-prompt';
/** A screen whose keyboard is on the glass: focusing the prompt there would open it over the page. */
const TOUCH_ONLY_QUERY = '(hover: none) and (pointer: coarse)';

function PromptCounter({ length }: { length: number }) {
  const counter = promptCounter(length);
  // The live region stays mounted, so screen readers hear the counter when it appears.
  return (
    <p id="studio-prompt-counter" className={`studio-counter${counter?.over ? ' is-over' : ''}`} aria-live="polite">
      {counter && (
        <>
          <span>{counter.text}</span>
          {counter.over > 0 && <span className="studio-counter-note"> {inputCopy.counterOver(counter.over)}</span>}
        </>
      )}
    </p>
  );
}

export function PromptBox({ onSubmit }: { onSubmit: () => void }) {
  const prompt = useStudio((state) => state.prompt);
  const setPrompt = useStudio((state) => state.setPrompt);
  const refineMode = useStudio((state) => state.refineMode);
  const ref = useRef<HTMLTextAreaElement>(null);

  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const fit = () => {
      box.style.height = 'auto';
      const size = promptBoxSize(box.scrollHeight, parseFloat(getComputedStyle(box).maxHeight));
      box.style.height = `${size.height}px`;
      box.style.overflowY = size.scrolls ? 'auto' : 'hidden';
    };
    fit();
    // A narrower or shorter window wraps the same text onto more lines, or lowers the maximum.
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [prompt]);

  useEffect(() => {
    // Keyboard users start typing at once; touch screens are left alone (docs/decisions/0049-keyboard-paths.md).
    if (shouldFocusPromptOnLoad(window.matchMedia(TOUCH_ONLY_QUERY).matches, document.activeElement)) {
      ref.current?.focus({ preventScroll: true });
    }
  }, []);

  return (
    <div className="studio-prompt-field">
      <textarea
        ref={ref}
        id={PROMPT_ID}
        className="studio-prompt"
        rows={1}
        value={prompt}
        aria-label={studioLabels.promptLabel}
        aria-describedby="studio-prompt-counter"
        placeholder={refineMode ? studioMessages.refinePlaceholder : studioMessages.placeholder}
        style={{ maxHeight: PROMPT_MAX_HEIGHT }}
        onChange={(event) => setPrompt(event.target.value)}
        onKeyDown={(event) => {
          // Enter sends; Shift+Enter (and Enter while composing text) inserts a new line.
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            onSubmit();
          }
        }}
      />
      <PromptCounter length={prompt.length} />
    </div>
  );
}
