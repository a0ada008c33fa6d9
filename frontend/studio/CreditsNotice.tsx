import { Link } from 'wouter';
import { studioMessages, studioUiMessages } from '#shared/messages/studio';
import { MODELS } from '#shared/models';
import { generationCost } from '#shared/print';
import { paths } from '../app/routing';
import { affordableAlternative, canAfford } from './rules';
import { imagesCount, useStudio } from './store';
import { useSpaceBalance, useSpaceCan } from '../workspaces/hooks';
import './dock-notices.css';

/**
 * Out of credits for the chosen model: the original's words, a way to buy more and, when the
 * balance still pays for another model, that model one click away. It sits in the dock above the
 * input bar, in the page's flow, so it never covers Generate (a corner notice did). The live
 * region stays mounted, so its words are announced when the balance runs short.
 */
export function CreditsNotice() {
  const balance = useSpaceBalance();
  // In a workspace only its owner buys credits for the pool.
  const canBuy = useSpaceCan('buyCredits');
  const model = useStudio((state) => state.model);
  const resolution = useStudio((state) => state.resolution);
  const views = useStudio((state) => state.views);
  const setModel = useStudio((state) => state.setModel);
  const hasImages = useStudio((state) => imagesCount(state) > 0);
  const cost = generationCost(model, resolution, views);
  const short = balance !== undefined && !canAfford(balance.plan, balance.credits, cost);
  const alternative = balance ? affordableAlternative(balance.plan, balance.credits, { model, resolution, views }, hasImages) : null;
  return (
    <div className="studio-dock-notice-region" role="status">
      {short && (
        <div className="studio-dock-notice studio-credits-notice">
          <p className="studio-dock-notice-text">{studioMessages.notEnoughCredits(cost, MODELS[model].label)}</p>
          <div className="studio-dock-notice-actions">
            {alternative && (
              <button type="button" className="button" onClick={() => setModel(alternative)}>
                {studioUiMessages.useModel(MODELS[alternative].label, MODELS[alternative].credits)}
              </button>
            )}
            {canBuy && (
              <Link href={paths.pricing} className="button button--primary">
                {studioUiMessages.buyCredits}
              </Link>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
