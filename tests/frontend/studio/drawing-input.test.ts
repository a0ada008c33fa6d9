import { describe, expect, it } from 'vitest';
import type { GenerationItem } from '../../../frontend/api/generations';
import {
  chooseFidelity,
  chooseInputType,
  drawingInput,
  fidelityStepOf,
  inputReference,
  inputRequestFields,
  searchWithoutStart,
  startsFromDrawing,
} from '../../../frontend/studio/drawing-input';
import { batchFromListed, batchInput } from '../../../frontend/studio/history';
import { batchFromJob } from '../../../frontend/studio/jobs';
import { renderAgainOffer, renderAgainRequest } from '../../../frontend/studio/render-again';
import type { ReferenceItem } from '../../../frontend/studio/references';
import { job } from './job-fixtures';

function reference(id: string, overrides: Partial<ReferenceItem> = {}): ReferenceItem {
  return { id, name: `${id}.png`, previewUrl: `blob:${id}`, status: 'ready', path: `references/u/${id}.png`, suggestedInputType: 'sketch', ...overrides };
}

describe('which picked file is the input', () => {
  it('is the first picked file the Worker will receive', () => {
    const refused = reference('a', { status: 'failed', path: null });
    expect(inputReference(0, [refused, reference('b'), reference('c')])?.id).toBe('b');
    expect(inputReference(0, [reference('a', { status: 'uploading', path: null })])?.id).toBe('a');
    expect(inputReference(0, [refused])).toBeNull();
  });

  it('is none when a selected result goes first: that is a render, not a drawing', () => {
    expect(inputReference(1, [reference('a')])).toBeNull();
  });
});

describe('what the input is and how closely to follow it', () => {
  const references = [reference('a', { suggestedInputType: 'drawing' })];

  it('preselects the Worker’s guess at its type’s default step', () => {
    expect(drawingInput({ selected: [], references, inputChoice: null })).toMatchObject({ type: 'drawing', fidelity: 5 });
    expect(drawingInput({ selected: [], references: [reference('a', { suggestedInputType: 'photo' })], inputChoice: null })).toMatchObject({ fidelity: 3 });
  });

  it('has no type (and no step) until the guess arrives or the user picks one', () => {
    const uploading = [reference('a', { status: 'uploading', path: null, suggestedInputType: undefined })];
    expect(drawingInput({ selected: [], references: uploading, inputChoice: null })).toMatchObject({ type: null, fidelity: null });
    expect(drawingInput({ selected: [], references: uploading, inputChoice: chooseInputType('a', 'model') })).toMatchObject({ type: 'model', fidelity: 4 });
  });

  it('follows the user over the guess; a new type starts at its own default step', () => {
    let choice = chooseFidelity(null, 'a', 2);
    expect(drawingInput({ selected: [], references, inputChoice: choice })).toMatchObject({ type: 'drawing', fidelity: 2 });
    choice = chooseInputType('a', 'sketch');
    expect(drawingInput({ selected: [], references, inputChoice: choice })).toMatchObject({ type: 'sketch', fidelity: 4 });
    choice = chooseFidelity(choice, 'a', 5);
    expect(drawingInput({ selected: [], references, inputChoice: choice })).toMatchObject({ type: 'sketch', fidelity: 5 });
  });

  it('forgets a choice made for another file', () => {
    const choice = chooseFidelity(chooseInputType('gone', 'model'), 'gone', 1);
    expect(drawingInput({ selected: [], references, inputChoice: choice })).toMatchObject({ type: 'drawing', fidelity: 5 });
    expect(chooseFidelity(choice, 'a', 3)).toEqual({ referenceId: 'a', fidelity: 3 });
  });

  it('takes only slider values that are steps', () => {
    expect(fidelityStepOf(3)).toBe(3);
    expect(fidelityStepOf(0)).toBeNull();
    expect(fidelityStepOf(2.5)).toBeNull();
  });
});

describe('the generate request', () => {
  const input = drawingInput({ selected: [], references: [reference('a')], inputChoice: chooseFidelity(null, 'a', 5) });

  it('names the type and step when the described file is the first image it sends', () => {
    expect(inputRequestFields(input, ['references/u/a.png', 'references/u/b.png'])).toEqual({ inputType: 'sketch', fidelity: 5 });
  });

  it('names neither when another image goes first, the file never uploaded, or there is no type', () => {
    expect(inputRequestFields(input, ['references/u/b.png', 'references/u/a.png'])).toEqual({});
    expect(inputRequestFields(input, [])).toEqual({});
    const untyped = drawingInput({ selected: [], references: [reference('a', { suggestedInputType: undefined })], inputChoice: null });
    expect(inputRequestFields(untyped, ['references/u/a.png'])).toEqual({});
    expect(inputRequestFields(null, ['references/u/a.png'])).toEqual({});
  });
});

describe('start from my drawing', () => {
  it('is asked for with ?start=drawing, beside any other parameter', () => {
    expect(startsFromDrawing('start=drawing')).toBe(true);
    expect(startsFromDrawing('project=p1&start=drawing')).toBe(true);
    expect(startsFromDrawing('start=prompt')).toBe(false);
    expect(startsFromDrawing('')).toBe(false);
  });

  it('leaves the address once answered, keeping the project', () => {
    expect(searchWithoutStart('project=p1&start=drawing')).toBe('?project=p1');
    expect(searchWithoutStart('start=drawing')).toBe('');
  });
});

describe('a batch made from a drawing', () => {
  it('keeps its input from the listed generation (signed reference URLs back to keys) and from a finished job', () => {
    const listed = {
      id: 'g1', prompt: 'A house', model: 'Concept', engine: 'preview', images: [], likeCount: 0, liked: false, createdAt: '2026-11-22T10:00:00.000Z', isOwn: true,
      visibility: 'public', projectId: null, parentId: null, starred: false, briefVersion: null, briefAddition: null, version: null, parentVersion: null,
      referenceImages: ['/media/references/u/a%20b.png?exp=1&sig=s'], inputType: 'model', fidelity: 2,
    } satisfies GenerationItem;
    expect(batchFromListed(listed).input).toEqual({ type: 'model', fidelity: 2, referencePaths: ['references/u/a b.png'] });
    expect(batchFromListed({ ...listed, inputType: undefined, fidelity: undefined }).input).toBeUndefined();

    const done = job('j1', ['done'], { inputType: 'drawing', fidelity: 5 });
    const withResult = { ...done, result: { success: true as const, generationId: 'j1', imageUrl: '', imageUrls: [], images: [], seed: 1, creditsCharged: 4, creditsLeft: 8, refunded: false as const,
      metadata: { prompt: 'A house', aspectRatio: '4:3', numberOfViews: 1, actualViews: 1, model: 'concept', resolution: '1K' as const, generationType: 'image-to-image' as const, timestamp: '', referenceImages: ['references/u/a.png'], userPlan: 'free' as const, watermarked: true, engine: 'preview' as const, preview: true, inputType: 'drawing' as const, fidelity: 5 as const } } };
    expect(batchFromJob(withResult).input).toEqual({ type: 'drawing', fidelity: 5, referencePaths: ['references/u/a.png'] });
    // Without the answer the stored input is unknown: nothing to render again from.
    expect(batchFromJob(done).input).toBeUndefined();
  });

  it('takes the type’s default step when the generation named none', () => {
    expect(batchInput('photo', undefined, ['k'])).toEqual({ type: 'photo', fidelity: 3, referencePaths: ['k'] });
  });

  it('renders again with the same drawing and words, as many views, one step more precise, as a version of the batch', () => {
    const image = { id: 'g1-0', batchId: 'g1', index: 0, url: '', thumbnailUrl: '', storagePath: '', width: 1376, height: 768, placeholder: null, renditions: [], name: null };
    const batch = { id: 'g1', prompt: 'A house on a hill', images: [image, { ...image, id: 'g1-1', index: 1 }], input: { type: 'sketch' as const, fidelity: 4 as const, referencePaths: ['references/u/s.png'] } };
    expect(renderAgainRequest(batch)).toEqual({
      prompt: 'A house on a hill', model: 'concept', aspectRatio: '16:9', numberOfViews: 2, isRefinement: false,
      referenceImages: ['references/u/s.png'], inputType: 'sketch', fidelity: 5, parentId: 'g1',
    });
    expect(renderAgainRequest({ ...batch, input: { ...batch.input, fidelity: 5 } })?.fidelity).toBe(5);
    expect(renderAgainRequest({ ...batch, input: undefined })).toBeNull();
  });

  it('is offered at the normal price (none on an unlimited plan), and only for a batch from a drawing', () => {
    const input = { type: 'drawing' as const, fidelity: 3 as const, referencePaths: ['k'] };
    expect(renderAgainOffer({ input, images: [] }, 'free')).toEqual({ step: 4, credits: 4 });
    expect(renderAgainOffer({ input, images: [] }, 'enterprise')).toEqual({ step: 4, credits: 0 });
    expect(renderAgainOffer({ images: [] }, 'pro')).toBeUndefined();
  });
});
