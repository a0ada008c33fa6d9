/**
 * How an upscale is put to Google's image models (docs/decisions/0089-print-resolution.md): the
 * source is the reference, and the words ask for the same picture at a higher resolution — detail
 * added, nothing of the design changed. One place, to tune when a key lets it be measured.
 */
import type { UpscaleRequest } from './types';

export function upscalePrompt(request: Pick<UpscaleRequest, 'width' | 'height'>): string {
  return [
    `Redraw this image at a higher resolution, ${request.width} × ${request.height} pixels.`,
    'Keep the design exactly as it is: the same composition and framing, camera and perspective, geometry and proportions, materials, colours and light, with every element where it is.',
    'Add only the fine detail a sharper render of the same scene would show: crisp edges, material texture, small features such as joints, mullions and foliage.',
    'Do not add, remove, move or restyle anything, and add no border, frame, text or watermark.',
  ].join('\n');
}
