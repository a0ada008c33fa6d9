import { studioMessages } from '#shared/messages/studio';
import { useStudio } from './store';
import { studioLabels } from './labels';
import { Icon, closeIcon } from '../ui/icons';

/** 'Prompt Needs Refinement': feedback, suggestions that fill the prompt, and dismiss. */
export function ValidationCard() {
  const clarification = useStudio((state) => state.clarification);
  const applySuggestion = useStudio((state) => state.applySuggestion);
  const dismiss = useStudio((state) => state.dismissClarification);
  if (!clarification) return null;
  return (
    <section className="studio-validation" role="alert" aria-labelledby="studio-validation-title">
      <div className="studio-validation-head">
        <h2 id="studio-validation-title">{studioMessages.promptNeedsRefinement}</h2>
        <button type="button" className="studio-icon-button" aria-label={studioLabels.dismiss} onClick={dismiss}>
          <Icon path={closeIcon} size={18} />
        </button>
      </div>
      <p>{clarification.feedback || studioMessages.needsRefinementDefault}</p>
      {clarification.suggestions.length > 0 && (
        <>
          <h3>{studioMessages.tryTheseInstead}</h3>
          <ul className="studio-suggestions">
            {clarification.suggestions.map((suggestion) => (
              <li key={suggestion}>
                <button type="button" className="studio-suggestion" onClick={() => applySuggestion(suggestion)}>
                  {suggestion}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
