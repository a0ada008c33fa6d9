/** One stored output image of a generation, as kept in `generations.images`. */
export interface StoredImage {
  /** R2 key of the full JPEG. */
  key: string;
  /** R2 key of the thumbnail JPEG (long side at most 512 px). */
  thumbKey: string;
  /** A tiny placeholder shown until the thumbnail arrives (ThumbHash, base64). */
  placeholder: string;
  width: number;
  height: number;
  seed: number;
}
