import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  parseRememberedControls,
  readRememberedControls,
  rememberControls,
  rememberedControlsKey,
  serialiseControls,
} from '../../../frontend/studio/remembered-controls';
import { initialControls, useStudio, type StudioImage } from '../../../frontend/studio/store';

const pristine = useStudio.getState();

beforeEach(() => {
  localStorage.clear();
  useStudio.setState(pristine, true);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('remembered controls, read back', () => {
  it('come back as they were saved', () => {
    const controls = { model: 'concept', aspectRatio: '21:9', resolution: '1K', views: 2 } as const;
    expect(parseRememberedControls(serialiseControls(controls))).toEqual(controls);
  });

  it('are checked against the catalogue: an unlisted ratio or resolution falls back as a model change would, views stay 1 to 4', () => {
    expect(parseRememberedControls('{"model":"fast","aspectRatio":"21:9","resolution":"2K","views":9}')).toEqual({
      model: 'fast',
      aspectRatio: '1:1',
      resolution: '1K',
      views: 4,
    });
    expect(parseRememberedControls('{"model":"ultra","aspectRatio":"16:9","views":1}')).toMatchObject({ resolution: '2K', aspectRatio: '16:9', views: 1 });
  });

  it('are none when missing, unreadable, or naming a model that does not exist', () => {
    expect(parseRememberedControls(null)).toBeNull();
    expect(parseRememberedControls('not json')).toBeNull();
    expect(parseRememberedControls('{"model":"imagen","views":2}')).toBeNull();
    expect(parseRememberedControls('{"model":"fast","views":"two"}')).toBeNull();
    expect(parseRememberedControls('[]')).toBeNull();
  });

  it('count as none when storage refuses, and a refused write is no error', () => {
    const refusing = { getItem: () => { throw new DOMException('denied', 'SecurityError'); }, setItem: () => { throw new DOMException('full', 'QuotaExceededError'); } };
    expect(readRememberedControls('u1', refusing)).toBeNull();
    expect(() => rememberControls('u1', initialControls, refusing)).not.toThrow();
  });
});

describe('the studio remembers each user’s last picks', () => {
  it('saves model, ratio, views and resolution as the user picks them, under that user', () => {
    const studio = useStudio.getState();
    studio.adoptOwner('u1');
    studio.setModel('standard');
    studio.setResolution('2K', 'free');
    studio.setAspectRatio('16:9');
    studio.cycleViews();
    expect(readRememberedControls('u1')).toEqual({ model: 'standard', aspectRatio: '16:9', resolution: '2K', views: 1 });
    expect(localStorage.getItem(rememberedControlsKey('u2'))).toBeNull();
  });

  it('starts the next visit from them, and another user from theirs', () => {
    rememberControls('u1', { model: 'ultra', aspectRatio: '9:16', resolution: '2K', views: 2 });
    useStudio.getState().adoptOwner('u1');
    expect(useStudio.getState()).toMatchObject({ model: 'ultra', aspectRatio: '9:16', resolution: '2K', views: 2 });

    useStudio.getState().resetDraft();
    useStudio.getState().adoptOwner('u2');
    expect(useStudio.getState()).toMatchObject(initialControls);
  });

  it('refuses a ratio the model does not offer', () => {
    useStudio.getState().adoptOwner('u1');
    useStudio.getState().setAspectRatio('21:9');
    expect(useStudio.getState().aspectRatio).toBe('1:1');
    expect(readRememberedControls('u1')).toBeNull();
  });

  it('does not remember Concept forced by a selected image, which is no pick of the user’s', () => {
    useStudio.getState().adoptOwner('u1');
    useStudio.getState().setModel('fast');
    const image: StudioImage = { id: 'b-0', batchId: 'b', index: 0, url: '/u', thumbnailUrl: '/t', storagePath: 'generations/u1/b/0.jpg', width: 1, height: 1, placeholder: null, renditions: [], name: null };
    useStudio.getState().toggleSelected(image);
    expect(useStudio.getState().model).toBe('concept');
    expect(readRememberedControls('u1')?.model).toBe('fast');
  });
});
