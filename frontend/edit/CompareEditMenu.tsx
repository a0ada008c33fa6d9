import { Icon } from '../ui/icons';
import { regionEditIcon } from '../ui/card-icons';
import { editCopy } from './copy';
import { openRegionEditor } from './request';
import type { EditTarget } from './target';
import './entry.css';

export interface CompareEditChoice {
  /** The compared image's label ("A · Standard · 14:05"). */
  label: string;
  target: EditTarget;
}

/**
 * "Edit region" on the compare screen: a disclosure listing the compared images, each opening the
 * mask editor on itself. It stays open behind the editor, so focus comes back to the image's button.
 */
export function CompareEditMenu({ choices }: { choices: readonly CompareEditChoice[] }) {
  if (choices.length === 0) return null;
  return (
    <details className="compare-edit">
      <summary className="compare-edit-toggle">
        <Icon path={regionEditIcon} size={18} />
        <span>{editCopy.editRegion}</span>
      </summary>
      <ul className="compare-edit-menu">
        {choices.map((choice) => (
          <li key={`${choice.target.generationId}.${choice.target.imageIndex}`}>
            <button type="button" aria-label={editCopy.editRegionOf(choice.label)} onClick={() => openRegionEditor(choice.target)}>
              {choice.label}
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}
