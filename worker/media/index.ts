/** Images in R2: their keys, signed and public URLs, the stored view with its WebP ladder, and /media. */
export { mediaRoutes } from './routes';
export { serveMediaObject } from './serve';
export { isFidelityMapKey, mediaKeys, parseMediaKey, presentStoredImage, signedMediaUrl, type Visibility } from './urls';
export { storeView, type ProcessedImage } from './renditions';
