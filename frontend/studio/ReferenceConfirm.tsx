import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { Modal } from '../ui/Modal';
import { isGenerating, useSubmitGeneration } from './generate';
import { inputCopy } from './input-copy';
import { chargeFor, needsReferenceConfirm, refusedReferences } from './input-rules';
import { referencesSettled } from './references';
import { useStudio } from './store';
import { useSpacePlan } from '../workspaces/hooks';

interface Guard {
  /** Generate pressed (button or Enter): waits for uploads, asks when a chosen reference is refused. */
  request: () => void;
  /** True while uploads are awaited before deciding. */
  checking: boolean;
  dialog: ReactNode;
}

/**
 * Never starts a paid generation without a reference the user chose unless they confirm
 * (docs/decisions/0048-reference-traps.md). Confirming drops the refused references first, so
 * what runs is exactly what the dialog said.
 */
export function useGuardedSubmit(): Guard {
  const client = useQueryClient();
  const submit = useSubmitGeneration();
  const plan = useSpacePlan() ?? 'free';
  const busy = useRef(false);
  const [checking, setChecking] = useState(false);
  const [asking, setAsking] = useState<{ count: number; credits: number } | null>(null);

  const request = async () => {
    const { prompt, enhancing } = useStudio.getState();
    if (busy.current || !prompt.trim() || isGenerating(client) || enhancing) return;
    busy.current = true;
    setChecking(true);
    try {
      await referencesSettled(useStudio.getState().references);
    } finally {
      busy.current = false;
      setChecking(false);
    }
    const state = useStudio.getState();
    if (needsReferenceConfirm(state.references, plan, state)) {
      setAsking({ count: refusedReferences(state.references).length, credits: chargeFor(plan, state) });
      return;
    }
    void submit();
  };

  const confirm = () => {
    setAsking(null);
    const state = useStudio.getState();
    for (const ref of refusedReferences(state.references)) state.removeReference(ref.id);
    void submit();
  };

  const dialog = (
    <Modal open={asking !== null} onClose={() => setAsking(null)} label={inputCopy.confirmTitle} className="studio-confirm">
      {asking && (
        <div className="studio-confirm-body">
          <h2 className="studio-confirm-title">{inputCopy.confirmTitle}</h2>
          <p>{inputCopy.confirmBody(asking.count)}</p>
          <p>{inputCopy.confirmCost(asking.credits)}</p>
          <div className="studio-confirm-actions">
            <button type="button" className="button" autoFocus onClick={() => setAsking(null)}>
              {inputCopy.confirmCancel}
            </button>
            <button type="button" className="button button--primary" onClick={confirm}>
              {inputCopy.confirmGo}
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
  return { request: () => void request(), checking, dialog };
}
