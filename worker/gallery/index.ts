/**
 * The public gallery and likes: their routes, and the card
 * rows and request schemas the owner's generations reuse.
 */
export { galleryRoutes } from './routes';
export { likeRoutes } from './like-routes';
export { anonymousGalleryHit } from './edge-hit';
export { setLike } from './likes';
export { toGalleryItem } from './cards';
export { CARD_COLUMNS, QUALIFIED_CARD_COLUMNS, toCardRow, type CardRow, type RawCardRow } from './card-rows';
export { generationIdSchema, pageQuerySchema } from './requests';
export { galleryQuerySchema } from './requests';
export { galleryDeps } from './routes';
export { publicGalleryItem, viewerGalleryPage } from './service';
export { edgeCacheDeps, isFresh, STORED_AT_HEADER, storeAnonymous, type CacheOutcome, type EdgeCacheDeps } from './edge-cache';
