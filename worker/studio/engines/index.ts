/** Picks the engines the configuration names (docs/decisions/0020, 0021). */
import type { EngineConfig } from './config';
import { GeminiImageEngine } from './gemini';
import { GeminiTextEngine } from './gemini-text';
import { offlineTextEngine } from './offline-text';
import { previewEngine } from './preview';
import { heldPreview } from './preview-hold';
import type { ImageEngine, TextEngine } from './types';

/** `singleAttempt`: the caller retries (a Workflow step), so each call makes one attempt. */
export function createImageEngine(config: EngineConfig, options: { singleAttempt?: boolean } = {}): ImageEngine {
  if (config.engine !== 'gemini') return config.previewHolds ? heldPreview(previewEngine) : previewEngine;
  return new GeminiImageEngine(config.gemini, undefined, options.singleAttempt ? [] : undefined);
}

export function createTextEngine(config: EngineConfig): TextEngine {
  return config.engine === 'gemini' ? new GeminiTextEngine(config.gemini) : offlineTextEngine;
}
