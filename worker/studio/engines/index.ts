/** Picks the engines the configuration names (docs/decisions/0020, 0021). */
import type { EngineConfig } from './config';
import { GeminiImageEngine } from './gemini';
import { GeminiTextEngine } from './gemini-text';
import { offlineTextEngine } from './offline-text';
import { previewEngine } from './preview';
import type { ImageEngine, TextEngine } from './types';

export function createImageEngine(config: EngineConfig): ImageEngine {
  return config.engine === 'gemini' ? new GeminiImageEngine(config.gemini) : previewEngine;
}

export function createTextEngine(config: EngineConfig): TextEngine {
  return config.engine === 'gemini' ? new GeminiTextEngine(config.gemini) : offlineTextEngine;
}
