/**
 * The studio's rules as pure functions (docs/decisions/0032-studio-screen.md): model change, the
 * ratio picker's outlines, the resolutions a plan may pick and their prices, views cycling, the
 * generate button's enabled rule, the enhancer and refine-mode transitions. The store calls these; unit tests check them without a
 * browser.
 */
import { MAX_INPUT_IMAGES, MAX_VIEWS, MIN_VIEWS } from '#shared/limits';
import { CREDIT_RING_FULL } from '../ui/timings';
import { printMessages } from '#shared/messages/print';
import { studioMessages } from '#shared/messages/studio';
import {
  MODELS,
  PRINT_RESOLUTION,
  MODEL_IDS,
  detectAspectRatio,
  modelCost,
  isValidAspectRatio,
  normaliseAspectRatio,
  normaliseResolution,
  ratioValue,
  type AspectRatio,
  type ModelId,
  type Resolution,
} from '#shared/models';
import { generationCost, resolutionsOf } from '#shared/print';
import { isPaidPlan, isUnlimited, type Plan } from '#shared/plans';

export interface Controls {
  model: ModelId;
  aspectRatio: AspectRatio;
  resolution: Resolution;
  views: number;
}

/** On model change the ratio falls back to 1:1 when invalid, the resolution resets (Ultra 2K, else 1K). */
export function withModel(controls: Controls, model: ModelId): Controls {
  return {
    ...controls,
    model,
    aspectRatio: normaliseAspectRatio(model, controls.aspectRatio),
    resolution: normaliseResolution(model, undefined),
  };
}

/** A ratio's outline in the picker: the rectangle of that ratio that fits a `box` px square. */
export function ratioSwatch(ratio: AspectRatio, box: number): { width: number; height: number } {
  const value = ratioValue(ratio);
  return value >= 1 ? { width: box, height: Math.round(box / value) } : { width: Math.round(box * value), height: box };
}

/** What a resolution costs as the picker shows it: the seed's price per generation, or 4K's per view. */
interface ResolutionPrice {
  credits: number;
  perView: boolean;
}

/** One choice of the resolution picker. */
export interface ResolutionOption {
  resolution: Resolution;
  /** Null on an unlimited plan: nothing to pay. */
  price: ResolutionPrice | null;
  enabled: boolean;
  /** Why it cannot be chosen (4K on the free plan), shown beside it with a link to pricing. */
  reason: string | null;
}

/** 4K is for paid plans; signed out counts as free. */
export function resolutionAllowed(resolution: Resolution, plan: Plan | undefined): boolean {
  return resolution !== PRINT_RESOLUTION || (plan !== undefined && isPaidPlan(plan));
}

/**
 * The tier's resolutions (the seed's, then 4K where its model renders it: shared/models.ts), each
 * with its price and whether this plan may pick it (docs/decisions/0090-print-ui.md).
 */
export function resolutionOptions(model: ModelId, plan: Plan | undefined): ResolutionOption[] {
  return resolutionsOf(model).map((resolution) => {
    const enabled = resolutionAllowed(resolution, plan);
    const print = resolution === PRINT_RESOLUTION;
    const price = plan !== undefined && isUnlimited(plan) ? null : { credits: generationCost(model, resolution, 1), perView: print };
    return { resolution, price, enabled, reason: enabled ? null : printMessages.printDisabledReason };
  });
}

/** The resolution a pick leaves the studio at: the pick when this tier renders it for this plan, else the current one. */
export function pickedResolution(model: ModelId, plan: Plan | undefined, current: Resolution, picked: Resolution): Resolution {
  const offered = resolutionOptions(model, plan).some((option) => option.resolution === picked && option.enabled);
  return offered ? picked : current;
}

/** Views cycle 1, 2, 3, 4, back to 1. */
export function nextViews(views: number): number {
  return views >= MAX_VIEWS ? MIN_VIEWS : views + 1;
}

/** Fill of the credit ring between 0 and 1: credits / 100, capped. */
export function creditRingFraction(credits: number): number {
  return Math.min(1, Math.max(0, credits / CREDIT_RING_FULL));
}

/** While input images exist only Concept is selectable. */
export function modelSelectable(model: ModelId, hasImages: boolean): boolean {
  return !hasImages || model === 'concept';
}

/** The ratio of an image adopted when its nearest listed ratio (0.1 tolerance) is valid for the model. */
export function adoptedRatio(model: ModelId, current: AspectRatio, width: number, height: number): AspectRatio {
  if (!(width > 0 && height > 0)) return current;
  const detected = detectAspectRatio(width, height);
  return isValidAspectRatio(model, detected) ? detected : current;
}

export interface SubmitConditions {
  prompt: string;
  generating: boolean;
  pendingPrompt: boolean;
  signedIn: boolean;
  /** Why the user's role in the current workspace may not generate; null when it may (always in the personal space). */
  refusal?: string | null;
  enhancing: boolean;
  plan: Plan;
  credits: number;
  model: ModelId;
  resolution: Resolution;
  views: number;
}

export interface ButtonState {
  enabled: boolean;
  /**
   * Why it is disabled, when the original product gives a text for it
   * (docs/decisions/0027-texts-word-for-word.md).
   */
  tooltip: string | null;
}

/** Whether the balance pays for a generation of `cost` credits; an unlimited plan always does. */
export function canAfford(plan: Plan, credits: number, cost: number): boolean {
  return isUnlimited(plan) || credits >= cost;
}

/**
 * The model the credits notice offers instead when the balance is short: the dearest one the
 * balance still pays for at the resolution a model change leaves (withModel: Ultra 2K, else 1K),
 * or null when none does, or images allow only the chosen model.
 */
export function affordableAlternative(plan: Plan, credits: number, request: CostedRequest, hasImages: boolean): ModelId | null {
  if (hasImages || canAfford(plan, credits, generationCost(request.model, request.resolution, request.views))) return null;
  const options = MODEL_IDS.filter((id) => id !== request.model && canAfford(plan, credits, modelCost(id)));
  return options.reduce<ModelId | null>((best, id) => (best === null || modelCost(id) > modelCost(best) ? id : best), null);
}

/** What a generation's price depends on. */
export type CostedRequest = Pick<Controls, 'model' | 'resolution' | 'views'>;

/**
 * Every condition must hold; enterprise needs no credits (docs/decisions/0032-studio-screen.md). A
 * 4K render costs per view, so the views count; the free plan cannot send one.
 */
export function generateButtonState(c: SubmitConditions): ButtonState {
  if (!c.signedIn) return { enabled: false, tooltip: studioMessages.loginRequired };
  // A viewer of a workspace (docs/decisions/0098-workspaces-app.md): why, in the Worker's own words.
  if (c.refusal) return { enabled: false, tooltip: c.refusal };
  if (!resolutionAllowed(c.resolution, c.plan)) return { enabled: false, tooltip: printMessages.printDisabledReason };
  const cost = generationCost(c.model, c.resolution, c.views);
  if (!canAfford(c.plan, c.credits, cost)) return { enabled: false, tooltip: studioMessages.needCredits(cost, MODELS[c.model].label) };
  const enabled = c.prompt.trim().length > 0 && !c.generating && !c.pendingPrompt && !c.enhancing;
  return { enabled, tooltip: null };
}

/** Input images beyond this count get the 5-second notice that only the first 3 are processed. */
export function tooManyImages(count: number): boolean {
  return count > MAX_INPUT_IMAGES;
}

// ---- enhancer (one use per prompt text; 'Original' / 'Enhanced' badge) ----

export interface Enhancer {
  original: string;
  enhanced: string;
  showing: 'original' | 'enhanced';
}

export function enhancerAfterEnhance(original: string, enhanced: string): Enhancer {
  return { original, enhanced, showing: 'enhanced' };
}

/** The text the badge switches to, and the enhancer after the switch. */
export function toggleEnhancer(enhancer: Enhancer): { enhancer: Enhancer; prompt: string } {
  const showing = enhancer.showing === 'enhanced' ? 'original' : 'enhanced';
  return { enhancer: { ...enhancer, showing }, prompt: showing === 'enhanced' ? enhancer.enhanced : enhancer.original };
}

/** Editing the prompt to anything but one of the two texts resets the enhancer. */
export function enhancerAfterEdit(enhancer: Enhancer | null, prompt: string): Enhancer | null {
  if (!enhancer) return null;
  if (prompt === enhancer.enhanced) return { ...enhancer, showing: 'enhanced' };
  if (prompt === enhancer.original) return { ...enhancer, showing: 'original' };
  return null;
}

/** The dice works once per prompt text: not again on either text of the current enhancement. */
export function canEnhance(prompt: string, enhancer: Enhancer | null, signedIn: boolean, enhancing: boolean): boolean {
  if (!signedIn || enhancing || prompt.trim().length === 0) return false;
  return enhancer === null;
}

// ---- refine mode ----

/** Adding an input image (upload or selection) turns refine mode on and forces Concept. */
export function controlsAfterImageAdded(controls: Controls): Controls & { refineMode: true } {
  return { ...withModel(controls, 'concept'), refineMode: true };
}

/** Removing the last input image leaves refine mode; with images left it stays as it was. */
export function refineModeAfterRemoval(refineMode: boolean, imagesLeft: number): boolean {
  return imagesLeft > 0 ? refineMode : false;
}
