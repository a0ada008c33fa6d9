import { describe, expect, it } from 'vitest';
import { PROMPT_MAX_CHARS } from '#shared/limits';
import { generationRequestMessages } from '#shared/messages';
import { MODELS, type ModelId } from '#shared/models';
import { PRINT_CREDITS_PER_VIEW } from '#shared/print';
import { inputCopy } from '../../../frontend/studio/input-copy';
import {
  chargeFor,
  needsReferenceConfirm,
  promptBoxSize,
  promptCounter,
  refusedReferences,
  shouldFocusPromptOnLoad,
  thumbBadge,
} from '../../../frontend/studio/input-rules';
import { refusalBeforeUpload } from '../../../frontend/studio/references';

const ready = { status: 'ready' as const };
const uploading = { status: 'uploading' as const };
const refused = { status: 'failed' as const, reason: generationRequestMessages.uploadTooLarge };
const choice = (model: ModelId) => ({ model, resolution: MODELS[model].resolutions[0], views: 4 });

describe('reference thumbnails', () => {
  it('say uploading, ready or refused with the reason, at once', () => {
    expect(thumbBadge(uploading, 0)).toMatchObject({ state: 'uploading', text: inputCopy.uploading });
    expect(thumbBadge(ready, 1)).toMatchObject({ state: 'ready', detail: null });
    expect(thumbBadge(refused, 0)).toEqual({ state: 'refused', text: inputCopy.refused, detail: generationRequestMessages.uploadTooLarge });
  });

  it('mark images past the third as not used, as the Worker ignores them', () => {
    expect(thumbBadge(ready, 2).state).toBe('ready');
    expect(thumbBadge(ready, 3)).toEqual({ state: 'unused', text: inputCopy.notUsed, detail: inputCopy.notUsedWhy });
    expect(thumbBadge(null, 4).state).toBe('unused');
    // A refusal is the more useful thing to say, wherever the image sits.
    expect(thumbBadge(refused, 5).state).toBe('refused');
  });

  it('refuse files over the size limit or not images before any upload', () => {
    expect(refusalBeforeUpload({ size: 11 * 1024 * 1024, type: 'image/png' })).toBe(generationRequestMessages.uploadTooLarge);
    expect(refusalBeforeUpload({ size: 100, type: 'application/pdf' })).toBe(generationRequestMessages.uploadNotImage);
    expect(refusalBeforeUpload({ size: 100, type: 'image/jpeg' })).toBeNull();
  });
});

describe('generating without a chosen reference', () => {
  it('needs a confirmation when a chosen reference is refused and credits would be spent', () => {
    expect(needsReferenceConfirm([ready, refused], 'free', choice('concept'))).toBe(true);
    expect(needsReferenceConfirm([refused], 'pro', choice('concept'))).toBe(true);
  });

  it('goes straight on when every reference is usable, or nothing is charged', () => {
    expect(needsReferenceConfirm([ready, uploading], 'free', choice('concept'))).toBe(false);
    expect(needsReferenceConfirm([], 'free', choice('standard'))).toBe(false);
    expect(needsReferenceConfirm([refused], 'enterprise', choice('concept'))).toBe(false);
  });

  it('lists the refused ones and the charge', () => {
    expect(refusedReferences([ready, refused, uploading])).toEqual([refused]);
    expect(chargeFor('free', choice('concept'))).toBe(MODELS.concept.credits);
    expect(chargeFor('enterprise', choice('concept'))).toBe(0);
  });

  it("charges 4K per view, the seed's resolutions per generation", () => {
    expect(chargeFor('pro', { model: 'standard', resolution: '2K', views: 4 })).toBe(MODELS.standard.credits);
    expect(chargeFor('pro', { model: 'ultra', resolution: '4K', views: 3 })).toBe(3 * (PRINT_CREDITS_PER_VIEW.ultra ?? Number.NaN));
  });
});

describe('prompt counter', () => {
  it('stays hidden while the prompt is comfortably short', () => {
    expect(promptCounter(0)).toBeNull();
    expect(promptCounter(PROMPT_MAX_CHARS * 0.8 - 1)).toBeNull();
  });

  it('appears near the limit and says how far past it a prompt runs', () => {
    expect(promptCounter(1600)).toEqual({ text: '1,600 / 2,000', over: 0 });
    expect(promptCounter(2000)).toEqual({ text: '2,000 / 2,000', over: 0 });
    expect(promptCounter(2150)).toEqual({ text: '2,150 / 2,000', over: 150 });
  });
});

describe('prompt focus on load', () => {
  it('focuses with a keyboard and pointer, not on a touch-only screen', () => {
    expect(shouldFocusPromptOnLoad(false, null)).toBe(true);
    expect(shouldFocusPromptOnLoad(false, { tagName: 'BODY' })).toBe(true);
    expect(shouldFocusPromptOnLoad(false, { tagName: 'A' })).toBe(true);
    expect(shouldFocusPromptOnLoad(true, { tagName: 'BODY' })).toBe(false);
  });

  it('leaves a user typing in another field alone', () => {
    expect(shouldFocusPromptOnLoad(false, { tagName: 'INPUT' })).toBe(false);
    expect(shouldFocusPromptOnLoad(false, { tagName: 'TEXTAREA' })).toBe(false);
  });
});

describe('the prompt box', () => {
  it('grows with its text up to the maximum, then keeps that height and scrolls', () => {
    expect(promptBoxSize(44, 312)).toEqual({ height: 44, scrolls: false });
    expect(promptBoxSize(312, 312)).toEqual({ height: 312, scrolls: false });
    expect(promptBoxSize(480, 312)).toEqual({ height: 312, scrolls: true });
  });

  it('grows without bound when no maximum can be read', () => {
    expect(promptBoxSize(480, Number.NaN)).toEqual({ height: 480, scrolls: false });
  });
});
