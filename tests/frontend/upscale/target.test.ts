import { describe, expect, it } from 'vitest';
import { printMessages } from '#shared/messages';
import { PRINT_CREDITS_PER_VIEW, UPSCALE_MAX_LONG_SIDE, upscaleQuote } from '#shared/print';
import { compareHref } from '../../../frontend/compare/compare-url';
import { upscaleCopy } from '../../../frontend/upscale/copy';
import { upscaleCompareHref, upscaleOffer, upscaleTarget, upscaleTargetOf } from '../../../frontend/upscale/target';

const quoted = (width: number, height: number) => {
  const quote = upscaleQuote(width, height);
  if (!quote) throw new Error('no quote');
  return quote;
};

describe('the upscale target', () => {
  it('is one image of known size', () => {
    expect(upscaleTargetOf({ id: 'g1', images: [{ width: 1024, height: 576 }, { width: 2048, height: 1152 }] }, 1)).toEqual({ generationId: 'g1', imageIndex: 1, width: 2048, height: 1152 });
    expect(upscaleTargetOf({ id: 'g1', images: [] })).toBeNull();
    expect(upscaleTarget('g1', 0, { width: 0, height: 576 })).toBeNull();
  });
});

describe('whether the user may upscale', () => {
  it('offers a 2K result to every plan at its price, with the size it makes', () => {
    const quote = quoted(1024, 576);
    expect(upscaleOffer({ width: 1024, height: 576 }, 'free', 100)).toEqual({ enabled: true, reason: null, size: { width: quote.width, height: quote.height }, cost: quote.credits });
  });

  it('keeps a 4K result for paid plans, with the reason', () => {
    const quote = quoted(2048, 1152);
    expect(quote.paidPlansOnly).toBe(true);
    expect(upscaleOffer({ width: 2048, height: 1152 }, 'free', 100)).toMatchObject({ enabled: false, reason: upscaleCopy.needsPaidPlan });
    expect(upscaleOffer({ width: 2048, height: 1152 }, 'pro', 100)).toMatchObject({ enabled: true, cost: PRINT_CREDITS_PER_VIEW.ultra });
  });

  it('is refused at the long-side limit, with the reason', () => {
    expect(upscaleOffer({ width: UPSCALE_MAX_LONG_SIDE, height: 2304 }, 'pro', 100)).toEqual({
      enabled: false,
      reason: printMessages.upscaleAtLimit(UPSCALE_MAX_LONG_SIDE),
      size: null,
      cost: null,
    });
  });

  it('needs the credits it costs, except on an unlimited plan, which shows no price', () => {
    const quote = quoted(1024, 576);
    expect(upscaleOffer({ width: 1024, height: 576 }, 'pro', quote.credits - 1)).toMatchObject({ enabled: false, reason: upscaleCopy.needsCredits(quote.credits) });
    expect(upscaleOffer({ width: 1024, height: 576 }, 'pro', quote.credits).enabled).toBe(true);
    expect(upscaleOffer({ width: 2048, height: 1152 }, 'enterprise', 0)).toMatchObject({ enabled: true, cost: null });
  });
});

describe('an upscale beside its source', () => {
  it('compares source and result, the source first', () => {
    expect(upscaleCompareHref({ id: 'u1', kind: 'upscale', upscale: { sourceId: 'g1', sourceIndex: 2 } })).toBe(compareHref([{ generationId: 'g1', imageIndex: 2 }, { generationId: 'u1', imageIndex: 0 }]));
    expect(upscaleCompareHref({ id: 'e1', kind: 'edit', upscale: null })).toBeNull();
  });
});
