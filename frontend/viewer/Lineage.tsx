import { useQuery } from '@tanstack/react-query';
import type { VersionedItem } from '#shared/generations-types';
import { lineageQuery } from '../queries/projects';
import { lineageCopy } from './lineage-copy';
import { useSpaceOwner } from '../workspaces/hooks';
import './lineage.css';

/** One version's small picture: its first image's smallest rendition. */
function thumbOf(item: VersionedItem): string | undefined {
  const image = item.images[0];
  return image?.renditions[0]?.url ?? image?.thumbnailUrl;
}

function Thumb({ item, shown, onOpen }: { item: VersionedItem; shown: boolean; onOpen: (item: VersionedItem) => void }) {
  const src = thumbOf(item);
  return (
    <li>
      <button type="button" className={`viewer-lineage-thumb${shown ? ' is-shown' : ''}`} aria-current={shown ? 'true' : undefined} title={item.prompt} onClick={() => onOpen(item)}>
        {src ? <img src={src} alt={lineageCopy.version(item.prompt)} loading="lazy" /> : <span>{lineageCopy.version(item.prompt)}</span>}
      </button>
    </li>
  );
}

interface LineageStripProps {
  generationId: string;
  /** The image the viewer opened on: the strip's end. */
  currentThumb: string | undefined;
  currentPrompt: string;
  /** The version shown in the stage instead of the opened image; null for the image itself. */
  shownId: string | null;
  onOpen: (item: VersionedItem | null) => void;
}

/**
 * The opened image's lineage as a strip of small pictures, root first, ending at it; what was
 * made from it follows, set apart (docs/decisions/0070-studio-in-a-project.md). A click shows
 * that version in the viewer.
 */
export function LineageStrip({ generationId, currentThumb, currentPrompt, shownId, onOpen }: LineageStripProps) {
  const ownerId = useSpaceOwner();
  const lineage = useQuery({ ...lineageQuery(ownerId, generationId), enabled: Boolean(ownerId) });
  if (lineage.isPending) return <p className="viewer-lineage-note" role="status">{lineageCopy.loading}</p>;
  if (lineage.isError) return <p className="viewer-lineage-note" role="status">{lineageCopy.failed}</p>;
  const { ancestors, descendants } = lineage.data;
  return (
    <div className="viewer-lineage">
      <ol className="viewer-lineage-strip" aria-label={lineageCopy.rootToThis}>
        {ancestors.map((item) => (
          <Thumb key={item.id} item={item} shown={shownId === item.id} onOpen={onOpen} />
        ))}
        <li>
          <button type="button" className={`viewer-lineage-thumb is-current${shownId === null ? ' is-shown' : ''}`} aria-current={shownId === null ? 'true' : undefined} title={currentPrompt} onClick={() => onOpen(null)}>
            {currentThumb ? <img src={currentThumb} alt={lineageCopy.thisImage} /> : <span>{lineageCopy.thisImage}</span>}
          </button>
        </li>
      </ol>
      {ancestors.length === 0 && <p className="viewer-lineage-note">{lineageCopy.isRoot}</p>}
      {descendants.length > 0 && (
        <>
          <h3 className="viewer-lineage-title">{lineageCopy.laterVersions}</h3>
          <ol className="viewer-lineage-strip" aria-label={lineageCopy.laterVersions}>
            {descendants.map((item) => (
              <Thumb key={item.id} item={item} shown={shownId === item.id} onOpen={onOpen} />
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
