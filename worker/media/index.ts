/** Images in R2: their keys, signed and public URLs, the stored view with its WebP ladder and its lossless master, and /media. */
export { mediaRoutes } from './routes';
export { generationImageParamSchema, masterRoutes } from './master-routes';
export { serveMediaObject } from './serve';
export { mediaKeys, mediaUrl, parseMediaKey, presentStoredImage, signedMediaUrl, type Visibility } from './urls';
export { storeView, type ProcessedImage } from './renditions';
export { encodeMasterPng, loadMasterPixels } from './masters';
export { encodePngInBands, type RgbaImage } from './png-bands';
export { transformImage } from './images-binding';
export { generationImage } from './records';
