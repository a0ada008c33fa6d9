/**
 * How an edit is put to Google's image models, which take no mask (docs/decisions/0084-region-edit.md,
 * "What the model is sent"): the instruction, then the clean crop, then the mask as a second image
 * of the same size, white where to change. The crop goes as JPEG (the answer is redrawn anyway and
 * only the master must be lossless); the mask as PNG, where it is a few kilobytes.
 */
import type { Part } from '@google/genai';
import { EDIT_CROP_JPEG_QUALITY } from '../../platform/limits';
import { toBase64 } from '../../platform/base64';
import { encodeMasterPng } from '../../media';
import type { RegionEditRequest } from '../engines/types';
import { encodeJpeg } from '../image-processing';
import { maskToRgba } from './mask';

/** The words around the user's instruction: which image is which, what to keep, what to answer. */
function editPrompt(instruction: string): string {
  return [
    'Edit the first image. The second image is a mask of the same size as the first:',
    `change only what lies in the white area of the mask, as follows: ${instruction}`,
    'Keep everything in the black area exactly as it is in the first image: the same framing, camera, perspective, light and colours.',
    'Answer with the whole edited image, the same size as the first, with no border, frame or text.',
  ].join('\n');
}

/** The parts of the one user turn an edit sends. */
export function editParts(request: RegionEditRequest): Part[] {
  const { width, height } = request.image;
  const crop = encodeJpeg(request.image, EDIT_CROP_JPEG_QUALITY);
  const mask = encodeMasterPng({ pixels: maskToRgba(request.mask), width, height });
  return [
    { text: editPrompt(request.instruction) },
    { inlineData: { mimeType: 'image/jpeg', data: toBase64(crop) } },
    { inlineData: { mimeType: 'image/png', data: toBase64(mask) } },
  ];
}
