import { Icon } from '../ui/icons';
import { upscaleIcon } from '../ui/card-icons';
import { upscaleCopy } from './copy';
import type { UpscaleTarget } from './target';
import { UpscaleButton } from './UpscaleButton';
// The compare screen's menus share one look (frontend/edit/CompareEditMenu.tsx).
import '../edit/entry.css';

export interface CompareUpscaleChoice {
  /** The compared image's label ("A · Standard · 14:05"). */
  label: string;
  target: UpscaleTarget;
}

/** "Upscale ×2" on the compare screen: a disclosure listing the compared images, each upscaled by one press. */
export function CompareUpscaleMenu({ choices }: { choices: readonly CompareUpscaleChoice[] }) {
  if (choices.length === 0) return null;
  return (
    <details className="compare-edit compare-upscale">
      <summary className="compare-edit-toggle">
        <Icon path={upscaleIcon} size={18} />
        <span>{upscaleCopy.upscale}</span>
      </summary>
      <ul className="compare-edit-menu">
        {choices.map((choice) => (
          <li key={`${choice.target.generationId}.${choice.target.imageIndex}`}>
            <UpscaleButton target={choice.target} look="text" label={choice.label} className="compare-upscale-item" />
          </li>
        ))}
      </ul>
    </details>
  );
}
