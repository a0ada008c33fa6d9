/**
 * The Gemini image engine (decisions.md 23): one generateContent call per view, with the
 * tier's model from configuration, imageConfig for ratio and size, and for Concept the input
 * images and conversation history. A response without an image part is a failed view,
 * whatever its finish reason: safety blocks arrive as HTTP 200.
 */
import type { Content, GenerateContentResponse, GoogleGenAI } from '@google/genai';
import { CONCEPT_MAX_OUTPUT_TOKENS } from '../domain/limits';
import { fromBase64 } from '../services/base64';
import { geminiClient, type GeminiConfig } from './config';
import { withRetry } from './retry';
import type { EngineImage, ImageEngine, ViewRequest, ViewResult } from './types';

function contentsFor(request: ViewRequest): Content[] {
  const images = request.images.map((image) => ({ inlineData: { mimeType: image.mimeType, data: image.data } }));
  return [...request.history, { role: 'user', parts: [{ text: request.prompt }, ...images] }];
}

/** The first inline image of the first candidate that has one. */
export function imageFromResponse(response: GenerateContentResponse): EngineImage | null {
  for (const candidate of response.candidates ?? []) {
    for (const part of candidate.content?.parts ?? []) {
      const data = part.inlineData?.data;
      if (data && part.inlineData?.mimeType?.startsWith('image/')) {
        return { kind: 'encoded', bytes: fromBase64(data), mimeType: part.inlineData.mimeType };
      }
    }
  }
  return null;
}

/** Why a response held no image, for logs and tests. */
export function missingImageReason(response: GenerateContentResponse): string {
  const blocked = response.promptFeedback?.blockReason;
  if (blocked) return `blocked: ${blocked}`;
  const finish = response.candidates?.[0]?.finishReason;
  return finish ? `no image (finishReason ${finish})` : 'no image';
}

export class GeminiImageEngine implements ImageEngine {
  readonly name = 'gemini' as const;
  readonly parallelViews = true;
  private readonly client: GoogleGenAI;

  constructor(
    private readonly config: GeminiConfig,
    private readonly wait?: (ms: number) => Promise<void>,
  ) {
    this.client = geminiClient(config);
  }

  private call(request: ViewRequest): Promise<GenerateContentResponse> {
    return this.client.models.generateContent({
      model: this.config.imageModels[request.model],
      contents: contentsFor(request),
      config: {
        responseModalities: ['IMAGE'],
        imageConfig: { aspectRatio: request.aspectRatio, imageSize: request.resolution },
        seed: request.seed,
        ...(request.model === 'concept' ? { maxOutputTokens: CONCEPT_MAX_OUTPUT_TOKENS } : {}),
      },
    });
  }

  async generateView(request: ViewRequest): Promise<ViewResult> {
    try {
      const response = await withRetry(() => this.call(request), undefined, this.wait);
      const image = imageFromResponse(response);
      return image ? { ok: true, image } : { ok: false, reason: missingImageReason(response) };
    } catch (error) {
      return { ok: false, reason: error instanceof Error ? error.message : String(error) };
    }
  }
}
