import { describe, expect, it } from 'vitest';
import { viewerMessages } from '#shared/messages';
import { viewerFacts } from '../../../frontend/viewer/ViewerDetails';
import { zoomKeyAction } from '../../../frontend/viewer/zoom-keys';

describe("the viewer's facts", () => {
  it('name the model, the size in pixels and the version, leaving out what is unknown', () => {
    expect(viewerFacts({ model: 'Ultra', width: 2048, height: 1152, version: 'B3-2' })).toEqual([
      { term: viewerMessages.model, value: 'Ultra' },
      { term: viewerMessages.size, value: '2,048 × 1,152 px' },
      { term: viewerMessages.version, value: 'B3-2' },
    ]);
    expect(viewerFacts({ width: 0, height: 0 })).toEqual([]);
  });
});

describe("the viewer's zoom keys", () => {
  it('zoom in with + or =, out with −, fit with 0, and leave the browser its own Ctrl zoom', () => {
    expect(['+', '=', '-', '0', 'ArrowLeft'].map((key) => zoomKeyAction({ key }))).toEqual(['in', 'in', 'out', 'fit', null]);
    expect(zoomKeyAction({ key: '+', ctrlKey: true })).toBeNull();
    expect(zoomKeyAction({ key: '0', metaKey: true })).toBeNull();
  });
});
