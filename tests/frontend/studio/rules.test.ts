import { describe, expect, it } from 'vitest';
import { printMessages, studioMessages, workspaceMessages } from '#shared/messages';
import { MODELS, detectAspectRatio } from '#shared/models';
import { PRINT_CREDITS_PER_VIEW } from '#shared/print';
import { gridColumns } from '../../../shared/grid-rules';
import {
  adoptedRatio,
  affordableAlternative,
  canAfford,
  canEnhance,
  controlsAfterImageAdded,
  creditRingFraction,
  enhancerAfterEdit,
  enhancerAfterEnhance,
  generateButtonState,
  modelSelectable,
  nextViews,
  ratioSwatch,
  refineModeAfterRemoval,
  pickedResolution,
  resolutionOptions,
  toggleEnhancer,
  tooManyImages,
  withModel,
  type Controls,
  type SubmitConditions,
} from '../../../frontend/studio/rules';
import { wrapIndex } from '../../../frontend/viewer/Viewer';

const start: Controls = { model: 'standard', aspectRatio: '1:1', resolution: '1K', views: 4 };

describe('model change', () => {
  it('keeps a ratio the new model lists and corrects an unlisted one to 1:1', () => {
    const concept = { ...start, model: 'concept' as const, aspectRatio: '21:9' as const };
    expect(withModel(concept, 'standard').aspectRatio).toBe('1:1');
    expect(withModel({ ...concept, aspectRatio: '16:9' }, 'fast').aspectRatio).toBe('16:9');
    expect(withModel({ ...start, aspectRatio: '4:3' }, 'concept').aspectRatio).toBe('4:3');
  });

  it('resets the resolution to 2K for Ultra and 1K for the others', () => {
    expect(withModel(start, 'ultra').resolution).toBe('2K');
    const standard2k = { ...start, resolution: '2K' as const };
    expect(withModel(standard2k, 'standard').resolution).toBe('1K');
    expect(withModel(standard2k, 'fast').resolution).toBe('1K');
    expect(withModel(standard2k, 'concept').resolution).toBe('1K');
  });
});

describe('the ratio picker', () => {
  it('draws each ratio as its own outline within the box: landscape full width, portrait full height', () => {
    expect(ratioSwatch('1:1', 28)).toEqual({ width: 28, height: 28 });
    expect(ratioSwatch('16:9', 28)).toEqual({ width: 28, height: 16 });
    expect(ratioSwatch('9:16', 28)).toEqual({ width: 16, height: 28 });
    expect(ratioSwatch('21:9', 28)).toEqual({ width: 28, height: 12 });
    expect(ratioSwatch('4:5', 28)).toEqual({ width: 22, height: 28 });
  });
});

describe('cycling', () => {
  it('cycles views 1, 2, 3, 4 and back to 1', () => {
    expect([4, 1, 2, 3].map(nextViews)).toEqual([1, 2, 3, 4]);
  });

  it('wraps the viewer at both ends', () => {
    expect(wrapIndex(0, -1, 4)).toBe(3);
    expect(wrapIndex(3, 1, 4)).toBe(0);
    expect(wrapIndex(1, 1, 4)).toBe(2);
  });

  it('lays out 1, 2, 3 images in as many columns and 4 in two', () => {
    expect([1, 2, 3, 4].map(gridColumns)).toEqual([1, 2, 3, 2]);
  });
});

describe('the resolution picker', () => {
  const seed = (model: keyof typeof MODELS) => MODELS[model].credits;
  const perView = (model: keyof typeof MODELS) => PRINT_CREDITS_PER_VIEW[model];

  it("offers the tier's seed resolutions at the seed's price per generation, then 4K at its price per view", () => {
    expect(resolutionOptions('standard', 'pro')).toEqual([
      { resolution: '1K', price: { credits: seed('standard'), perView: false }, enabled: true, reason: null },
      { resolution: '2K', price: { credits: seed('standard'), perView: false }, enabled: true, reason: null },
      { resolution: '4K', price: { credits: perView('standard'), perView: true }, enabled: true, reason: null },
    ]);
    expect(resolutionOptions('ultra', 'pro').map((option) => option.resolution)).toEqual(['2K', '4K']);
  });

  it('shows the free plan 4K disabled with the reason, and signed out the same', () => {
    for (const plan of ['free', undefined] as const) {
      const print = resolutionOptions('ultra', plan).find((option) => option.resolution === '4K');
      expect(print).toEqual({ resolution: '4K', price: { credits: perView('ultra'), perView: true }, enabled: false, reason: printMessages.printDisabledReason });
    }
    expect(resolutionOptions('standard', 'free').filter((option) => option.enabled).map((option) => option.resolution)).toEqual(['1K', '2K']);
  });

  it('shows no price on an unlimited plan', () => {
    expect(resolutionOptions('concept', 'enterprise').every((option) => option.price === null && option.enabled)).toBe(true);
  });

  it('takes a pick only when the tier renders it for the plan', () => {
    expect(pickedResolution('standard', 'pro', '1K', '4K')).toBe('4K');
    expect(pickedResolution('standard', 'free', '1K', '4K')).toBe('1K');
    expect(pickedResolution('fast', 'pro', '1K', '2K')).toBe('1K');
    expect(pickedResolution('standard', 'free', '1K', '2K')).toBe('2K');
  });
});

describe('credit ring', () => {
  it('fills credits / 100, capped at full', () => {
    expect(creditRingFraction(12)).toBeCloseTo(0.12);
    expect(creditRingFraction(0)).toBe(0);
    expect(creditRingFraction(100)).toBe(1);
    expect(creditRingFraction(250)).toBe(1);
  });
});

describe('the generate button', () => {
  const ready: SubmitConditions = {
    prompt: 'A house',
    generating: false,
    pendingPrompt: false,
    signedIn: true,
    enhancing: false,
    plan: 'free',
    credits: 12,
    model: 'standard',
    resolution: '1K',
    views: 4,
  };

  it('is enabled when every condition holds', () => {
    expect(generateButtonState(ready)).toEqual({ enabled: true, tooltip: null });
  });

  it.each([
    ['an empty prompt', { prompt: '   ' }],
    ['a running generation', { generating: true }],
    ['a pending prompt', { pendingPrompt: true }],
    ['a running enhancement', { enhancing: true }],
  ])('is disabled by %s', (_, change) => {
    expect(generateButtonState({ ...ready, ...change }).enabled).toBe(false);
  });

  it("says 'Login required' when signed out", () => {
    expect(generateButtonState({ ...ready, signedIn: false })).toEqual({ enabled: false, tooltip: studioMessages.loginRequired });
  });

  it("says why a workspace's viewer cannot generate, whatever the pool holds", () => {
    const refusal = workspaceMessages.refused('generate');
    expect(generateButtonState({ ...ready, refusal, credits: 100 })).toEqual({ enabled: false, tooltip: refusal });
    expect(generateButtonState({ ...ready, refusal: null })).toEqual({ enabled: true, tooltip: null });
  });

  it("says 'Need {n} credits for {Model}' when short, at exactly the model cost it is enabled", () => {
    expect(generateButtonState({ ...ready, model: 'concept', credits: 3 })).toEqual({
      enabled: false,
      tooltip: 'Need 4 credits for Concept',
    });
    expect(generateButtonState({ ...ready, model: 'concept', credits: MODELS.concept.credits }).enabled).toBe(true);
  });

  it('prices 4K per view and refuses it on the free plan with the reason', () => {
    const print = { ...ready, plan: 'pro' as const, model: 'ultra' as const, resolution: '4K' as const };
    const perView = PRINT_CREDITS_PER_VIEW.ultra ?? Number.NaN;
    expect(generateButtonState({ ...print, views: 2, credits: 2 * perView }).enabled).toBe(true);
    expect(generateButtonState({ ...print, views: 3, credits: 2 * perView })).toEqual({ enabled: false, tooltip: `Need ${3 * perView} credits for Ultra` });
    expect(generateButtonState({ ...print, plan: 'free', credits: 100 })).toEqual({ enabled: false, tooltip: printMessages.printDisabledReason });
  });

  it('pays from the balance at exactly the cost, and always on an unlimited plan', () => {
    expect([canAfford('free', 1, 2), canAfford('free', 2, 2), canAfford('enterprise', 0, 5)]).toEqual([false, true, true]);
  });

  it('offers the dearest model the balance still pays for when it is short, and none with images or when it pays', () => {
    expect(affordableAlternative('free', 3, { model: 'concept', resolution: '1K', views: 4 }, false)).toBe('ultra');
    expect(affordableAlternative('free', 1, { model: 'standard', resolution: '1K', views: 4 }, false)).toBe('fast');
    expect(affordableAlternative('free', 0, { model: 'standard', resolution: '1K', views: 4 }, false)).toBeNull();
    expect(affordableAlternative('free', 3, { model: 'concept', resolution: '1K', views: 4 }, true)).toBeNull();
    expect(affordableAlternative('free', 12, { model: 'concept', resolution: '1K', views: 4 }, false)).toBeNull();
    expect(affordableAlternative('enterprise', 0, { model: 'concept', resolution: '1K', views: 4 }, false)).toBeNull();
  });

  it('is short at 4K by the views it asks for, and offers a model at the resolution a model change leaves', () => {
    const perView = PRINT_CREDITS_PER_VIEW.ultra ?? Number.NaN;
    const fourK = { model: 'ultra' as const, resolution: '4K' as const, views: 2 };
    expect(affordableAlternative('pro', 2 * perView, fourK, false)).toBeNull();
    expect(affordableAlternative('pro', MODELS.standard.credits, fourK, false)).toBe('standard');
  });

  it('needs no credits for enterprise', () => {
    expect(generateButtonState({ ...ready, plan: 'enterprise', credits: 0, model: 'ultra' }).enabled).toBe(true);
    expect(generateButtonState({ ...ready, plan: 'pro', credits: 0, model: 'fast' }).enabled).toBe(false);
  });
});

describe('the enhancer', () => {
  it('replaces the prompt and the badge switches between the two texts', () => {
    const enhancer = enhancerAfterEnhance('a house', 'a house, daylight');
    expect(enhancer.showing).toBe('enhanced');
    const back = toggleEnhancer(enhancer);
    expect(back.prompt).toBe('a house');
    expect(back.enhancer.showing).toBe('original');
    expect(toggleEnhancer(back.enhancer).prompt).toBe('a house, daylight');
  });

  it('resets when the prompt is edited to anything but the two texts', () => {
    const enhancer = enhancerAfterEnhance('a house', 'a house, daylight');
    expect(enhancerAfterEdit(enhancer, 'a house, daylight!')).toBeNull();
    expect(enhancerAfterEdit(enhancer, '')).toBeNull();
    expect(enhancerAfterEdit(enhancer, 'a house')?.showing).toBe('original');
    expect(enhancerAfterEdit(null, 'anything')).toBeNull();
  });

  it('works once per prompt text, signed in, with a prompt, not while enhancing', () => {
    const enhancer = enhancerAfterEnhance('a house', 'a house, daylight');
    expect(canEnhance('a house', null, true, false)).toBe(true);
    expect(canEnhance('a house, daylight', enhancer, true, false)).toBe(false);
    expect(canEnhance('  ', null, true, false)).toBe(false);
    expect(canEnhance('a house', null, false, false)).toBe(false);
    expect(canEnhance('a house', null, true, true)).toBe(false);
  });
});

describe('refine mode and input images', () => {
  it('turns on with an image and forces Concept, keeping a ratio Concept lists', () => {
    const after = controlsAfterImageAdded({ ...start, model: 'ultra', resolution: '2K', aspectRatio: '16:9' });
    expect(after).toEqual({ model: 'concept', aspectRatio: '16:9', resolution: '1K', views: 4, refineMode: true });
  });

  it('leaves only when the last image goes', () => {
    expect(refineModeAfterRemoval(true, 1)).toBe(true);
    expect(refineModeAfterRemoval(true, 0)).toBe(false);
    expect(refineModeAfterRemoval(false, 2)).toBe(false);
  });

  it('allows only Concept while images exist', () => {
    expect(modelSelectable('fast', true)).toBe(false);
    expect(modelSelectable('concept', true)).toBe(true);
    expect(modelSelectable('ultra', false)).toBe(true);
  });

  it('warns past three images', () => {
    expect(tooManyImages(3)).toBe(false);
    expect(tooManyImages(4)).toBe(true);
  });
});

describe('aspect detection', () => {
  it('adopts the nearest listed ratio within 0.1 when the model lists it', () => {
    expect(adoptedRatio('concept', '1:1', 1920, 1080)).toBe('16:9');
    expect(adoptedRatio('concept', '1:1', 1500, 1000)).toBe('3:2');
    expect(adoptedRatio('concept', '4:3', 2100, 900)).toBe('21:9');
    // 3:2 is nearest but Standard does not list it: the current ratio stays.
    expect(adoptedRatio('standard', '4:3', 1500, 1000)).toBe('4:3');
  });

  it('falls back to 1:1 beyond the tolerance, and ignores unknown sizes', () => {
    expect(detectAspectRatio(4000, 1000)).toBe('1:1');
    expect(adoptedRatio('concept', '16:9', 4000, 1000)).toBe('1:1');
    expect(adoptedRatio('concept', '16:9', 0, 0)).toBe('16:9');
  });
});
