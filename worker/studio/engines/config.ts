/** Engine configuration, read from the environment once and injectable in tests. */
import { GoogleGenAI } from '@google/genai';
import type { ModelId, Resolution } from '#shared/models';
import { imageEngineName } from '../../platform/config';
import { previewHoldsOn } from './preview-hold';

export interface GeminiConfig {
  apiKey: string;
  /** Empty means Google's own endpoint; tests point it at a fake. */
  baseUrl: string;
  imageModels: Record<ModelId, string>;
  textModel: string;
  /** Per-attempt time limits; PROVIDER_TIMEOUTS_MS unless a test shortens them. */
  timeouts?: { image?: Partial<Record<Resolution, number>>; text?: number };
}

export interface EngineConfig {
  engine: 'gemini' | 'preview';
  gemini: GeminiConfig;
  /** Test-only: the preview engine holds marked views until a test releases them (./preview-hold.ts). */
  previewHolds?: boolean;
}

export function engineConfigFromEnv(env: Env): EngineConfig {
  return {
    engine: imageEngineName(env),
    gemini: {
      apiKey: env.GEMINI_API_KEY ?? '',
      baseUrl: env.GEMINI_BASE_URL ?? '',
      imageModels: {
        fast: env.GEMINI_IMAGE_MODEL_FAST,
        standard: env.GEMINI_IMAGE_MODEL_STANDARD,
        ultra: env.GEMINI_IMAGE_MODEL_ULTRA,
        concept: env.GEMINI_IMAGE_MODEL_CONCEPT,
      },
      textModel: env.GEMINI_TEXT_MODEL,
    },
    previewHolds: previewHoldsOn(env.PREVIEW_HOLDS),
  };
}

export function geminiClient(config: GeminiConfig): GoogleGenAI {
  return new GoogleGenAI({
    apiKey: config.apiKey,
    ...(config.baseUrl ? { httpOptions: { baseUrl: config.baseUrl } } : {}),
  });
}
