import { studioLabels } from './labels';
import { briefPreview } from './project-rules';
import './project.css';

/**
 * The words the project's brief added to a generation's prompt: one quiet line that expands to
 * all of them (docs/decisions/0070-studio-in-a-project.md).
 */
export function BriefLine({ addition }: { addition: string | null | undefined }) {
  const text = addition?.trim();
  if (!text) return null;
  const preview = briefPreview(text);
  return (
    <details className="studio-brief-line" title={studioLabels.briefAdded}>
      <summary>
        <span className="studio-brief-label">{studioLabels.brief}:</span> <span className="studio-brief-preview">{preview}</span>
      </summary>
      {preview !== text && <p className="studio-brief-full">{text}</p>}
    </details>
  );
}
