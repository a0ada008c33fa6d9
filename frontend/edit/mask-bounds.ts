/**
 * Where a finished edit's mask lies, read from its mask image (EditInfo.maskUrl): the compare page
 * starts the wipe across it. Decoded through a canvas once per mask and kept in the query cache.
 */
import { queryOptions } from '@tanstack/react-query';
import type { EditInfo } from '#shared/region-edit';
import { rgbaMaskBounds, wipeStart } from './before-after';

/** The image point (0–1 across) at the middle of the mask's bounding box: where the wipe starts. */
async function maskWipe(url: string): Promise<number> {
  const image = new Image();
  image.src = url;
  await image.decode();
  const { naturalWidth: width, naturalHeight: height } = image;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context || width === 0 || height === 0) return wipeStart(null, width);
  context.drawImage(image, 0, 0);
  return wipeStart(rgbaMaskBounds(context.getImageData(0, 0, width, height).data, width, height), width);
}

export function maskWipeQuery(edit: EditInfo | null) {
  return queryOptions({
    queryKey: ['edit-mask-wipe', edit?.maskUrl ?? null] as const,
    queryFn: () => (edit ? maskWipe(edit.maskUrl) : Promise.resolve(wipeStart(null, 0))),
    enabled: edit !== null,
    // A mask that cannot be read leaves the wipe in the middle: no second try.
    retry: false,
  });
}
