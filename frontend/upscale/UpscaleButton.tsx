import { useId } from 'react';
import { Icon } from '../ui/icons';
import { upscaleIcon } from '../ui/card-icons';
import { upscaleCopy } from './copy';
import { upscaleOffer, type UpscaleTarget } from './target';
import { useUpscale } from './useUpscale';
import { useSpaceBalance } from '../workspaces/hooks';
import './upscale.css';

interface UpscaleButtonProps {
  target: UpscaleTarget;
  className: string;
  /** `icon`: the icon alone, named by its label (a tile, a tree node); `text`: the icon and the words with the price. */
  look: 'icon' | 'text';
  tabIndex?: number;
  /** Which image, where several share one place (compare's "B · Ultra"): the name starts with it. */
  label?: string;
  /** Told the job's id once the Worker has taken it. */
  onQueued?: (jobId: string) => void;
}

/**
 * "Upscale ×2" on one of the caller's images: one press queues the job (its price is on the
 * button), the press's state shows while it is sent, and a refusal known in advance (at the size
 * limit, 4K on the free plan, too few credits) keeps it disabled with the reason.
 */
export function UpscaleButton({ target, className, look, tabIndex, label, onQueued }: UpscaleButtonProps) {
  const balance = useSpaceBalance();
  const plan = balance?.plan;
  const credits = balance?.credits ?? 0;
  const upscale = useUpscale();
  const reasonId = useId();
  const offer = upscaleOffer(target, plan, credits);
  const sending = upscale.isPending;
  const name = offer.size ? upscaleCopy.actionLabel(offer.size.width, offer.size.height, offer.cost) : upscaleCopy.upscale;
  const fullName = label ? upscaleCopy.actionLabelOf(label, name) : name;
  return (
    <>
      <button type="button" className={`${className} upscale-button`} tabIndex={tabIndex} aria-label={look === 'icon' ? fullName : undefined}
        title={offer.reason ?? fullName} aria-disabled={!offer.enabled || sending} aria-busy={sending}
        aria-describedby={offer.reason ? reasonId : undefined}
        onClick={() => {
          if (!offer.enabled || sending) return;
          upscale.mutate(target, { onSuccess: (accepted) => onQueued?.(accepted.job.id) });
        }}>
        <Icon path={upscaleIcon} size={18} />
        {look === 'text' && <span>{label ? `${label} · ` : ''}{sending ? upscaleCopy.upscaling : upscaleCopy.action(offer.cost)}</span>}
      </button>
      {offer.reason && <span id={reasonId} className={look === 'icon' ? 'visually-hidden' : 'upscale-reason'}>{offer.reason}</span>}
    </>
  );
}
