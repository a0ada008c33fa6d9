/**
 * The upload's guess of its input type (worker/studio/input-guess.ts), on our 20 test inputs as
 * an upload sees them: encoded, decoded once and sampled by prepareReference. The studio
 * preselects the guess; the user confirms it, so it only has to be right on clear cases.
 */
import { PhotonImage } from '@cf-wasm/photon';
import { describe, expect, it } from 'vitest';
import type { UploadResponse } from '#shared/api-types';
import { prepareReference } from '../../../worker/studio/image-processing';
import { GUESS_SAMPLE_SIDE, guessInputType, sampleStats } from '../../../worker/studio/input-guess';
import { json } from '../helpers';
import { testInput, testInputs, type TestInput } from './fidelity/inputs';
import { upload, userWith } from './helpers';

function encoded(input: Pick<TestInput, 'pixels' | 'width' | 'height'>, as: 'png' | 'jpg'): Uint8Array {
  const image = new PhotonImage(input.pixels, input.width, input.height);
  try {
    return as === 'png' ? image.get_bytes() : image.get_bytes_jpeg(88);
  } finally {
    image.free();
  }
}

function sampleOf(input: TestInput, as: 'png' | 'jpg') {
  const kind = as === 'png' ? ({ mimeType: 'image/png', ext: 'png' } as const) : ({ mimeType: 'image/jpeg', ext: 'jpg' } as const);
  const prepared = prepareReference(encoded(input, as), kind, input);
  if (!prepared) throw new Error(`${input.name} did not decode`);
  return prepared.sample;
}

describe('guessInputType', () => {
  it('takes every test input for what it is, as a PNG and as a JPEG, from a small sample', () => {
    for (const input of testInputs()) {
      for (const as of ['png', 'jpg'] as const) {
        const sample = sampleOf(input, as);
        expect(Math.max(sample.width, sample.height)).toBe(GUESS_SAMPLE_SIDE);
        expect(guessInputType(sample), `${input.name} as ${as}: ${JSON.stringify(sampleStats(sample))}`).toBe(input.inputType);
      }
    }
  });

  it('takes blank paper or a flat grey for a model view, not a drawing: no ink, nothing to trace', () => {
    const flat = (rgb: [number, number, number]) => {
      const pixels = new Uint8Array(64 * 64 * 4);
      for (let i = 0; i < pixels.length; i += 4) pixels.set([...rgb, 255], i);
      return { pixels, width: 64, height: 64 };
    };
    expect(guessInputType(flat([255, 255, 255]))).toBe('model');
    expect(guessInputType(flat([128, 128, 128]))).toBe('model');
  });
});

describe('POST /api/uploads', () => {
  it('answers with the guess the studio preselects', async () => {
    const user = await userWith();
    for (const [name, expected] of [['sketch-2', 'sketch'], ['model-1', 'model'], ['plan-1', 'drawing'], ['photo-2', 'photo']] as const) {
      const response = await upload(user.token, encoded(testInput(name), 'png'), `${name}.png`);
      expect(response.status).toBe(201);
      expect((await json<UploadResponse>(response)).suggestedInputType).toBe(expected);
    }
  });
});
