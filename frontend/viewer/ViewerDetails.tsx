import { viewerMessages } from '#shared/messages/viewer';
import { Icon } from '../ui/icons';
import { heartIcon } from '../ui/card-icons';

/** What the viewer may know about an image (a ViewerSlide carries these). */
interface ImageFacts {
  model?: string;
  width?: number;
  height?: number;
  version?: string;
}

export interface ViewerFact {
  term: string;
  value: string;
}

/** What the viewer says about an image beside its prompt: model, size in pixels, version. */
export function viewerFacts(slide: ImageFacts): ViewerFact[] {
  const facts: ViewerFact[] = [];
  if (slide.model) facts.push({ term: viewerMessages.model, value: slide.model });
  if (slide.width && slide.height) facts.push({ term: viewerMessages.size, value: viewerMessages.sizeValue(slide.width, slide.height) });
  if (slide.version) facts.push({ term: viewerMessages.version, value: slide.version });
  return facts;
}

export function ViewerDetails({ slide }: { slide: ImageFacts }) {
  const facts = viewerFacts(slide);
  if (facts.length === 0) return null;
  return (
    <dl className="viewer-details">
      {facts.map((fact) => (
        <div key={fact.term} className="viewer-fact">
          <dt>{fact.term}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A toggle: its name stays "Like" and its pressed state (and the filled heart) says whether it is on. */
export function LikeButton({ liked, onToggle }: { liked: boolean; onToggle: () => void }) {
  return (
    <button type="button" className={`button viewer-copy viewer-like${liked ? ' is-on' : ''}`} aria-pressed={liked} onClick={onToggle}>
      <Icon size={18} path={heartIcon} filled={liked} />
      {viewerMessages.like}
    </button>
  );
}
