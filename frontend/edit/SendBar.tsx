import { useEffect, useId, useRef, type RefObject } from 'react';
import { EDIT_INSTRUCTION_MAX_CHARS } from '#shared/region-edit';
import { editCopy } from './copy';

interface SendBarProps {
  instruction: string;
  onInstruction: (text: string) => void;
  /** Credits the edit costs; null on an unlimited plan. */
  cost: number | null;
  sending: boolean;
  /** Why Send did not go (nothing painted, no words) or what the Worker answered. */
  problem: string | null;
  sendRef: RefObject<HTMLButtonElement | null>;
  onSend: () => void;
}

/**
 * The instruction and Send. Enter sends (Shift+Enter starts a new line). Send stays reachable by
 * Tab while sending (aria-disabled, not disabled) and says why it did not go.
 */
export function SendBar({ instruction, onInstruction, cost, sending, problem, sendRef, onSend }: SendBarProps) {
  const fieldId = useId();
  const introId = useId();
  const problemId = useId();
  return (
    <form className="mask-send" onSubmit={(event) => {
      event.preventDefault();
      if (!sending) onSend();
    }}>
      <div className="mask-send-field">
        <label htmlFor={fieldId}>{editCopy.instruction}</label>
        <p id={introId} className="mask-intro">{editCopy.intro}</p>
        <textarea id={fieldId} rows={2} maxLength={EDIT_INSTRUCTION_MAX_CHARS} value={instruction} placeholder={editCopy.instructionPlaceholder}
          aria-describedby={problem ? `${introId} ${problemId}` : introId} aria-invalid={problem === editCopy.needsInstruction || undefined}
          onChange={(event) => onInstruction(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
            event.preventDefault();
            event.currentTarget.form?.requestSubmit();
          }} />
        {problem && <p id={problemId} className="mask-problem" role="alert">{problem}</p>}
      </div>
      <button ref={sendRef} type="submit" className="button button--primary mask-send-button" aria-disabled={sending || undefined} aria-busy={sending || undefined}>
        {sending ? editCopy.sending : editCopy.send(cost)}
      </button>
    </form>
  );
}

/** Asked on Escape or Close when the user painted a mask: keep editing (focused) or discard. */
export function DiscardPrompt({ onKeep, onDiscard }: { onKeep: () => void; onDiscard: () => void }) {
  const titleId = useId();
  const bodyId = useId();
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  return (
    <div className="mask-discard" role="alertdialog" aria-labelledby={titleId} aria-describedby={bodyId}>
      <h3 id={titleId}>{editCopy.discardTitle}</h3>
      <p id={bodyId}>{editCopy.discardBody}</p>
      <div className="mask-discard-actions">
        <button ref={keep} type="button" className="button" onClick={onKeep}>{editCopy.keepEditing}</button>
        <button type="button" className="button mask-discard-button" onClick={onDiscard}>{editCopy.discard}</button>
      </div>
    </div>
  );
}
