/**
 * The studio's tools: the image and text engines, prompt validation and enhancement, image
 * processing, input images and uploads. A generation job (worker/generation/) uses them; the
 * studio never reaches into the job.
 */
export { promptRoutes } from './prompt-routes';
export { uploadRoutes } from './upload-routes';
export { cleanUpUnusedReferences } from './reference-cleanup';
export { createImageEngine, createTextEngine } from './engines';
export { engineConfigFromEnv } from './engines/config';
export type { EngineImage, HistoryTurn, ImageEngine, InlineImage, TextEngine, ViewRequest } from './engines/types';
export { processImage } from './image-processing';
export { processViewImage } from './print-image';
export { checkImageHeader } from './image-header';
export { sniffImage } from './image-sniff';
export { loadInputImages, type InputImageSource } from './input-images';
export { sanitisePrompt, validatePrompt, type ValidationCache } from './prompt-validation';
export { applyRegionEdit, featherFor } from './region-edit/edit';
export { maskPng, readMask } from './region-edit/mask-image';
export type { ViewInput } from './input-instructions';
export { geometryScorer, geometryScorerOf, type GeometryScorer, type ScoredRender } from './fidelity';
export { previewHoldRoutes } from './preview-hold-routes';
