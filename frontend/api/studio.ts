/** The studio's calls: generate, uploads, prompt helpers (history, likes and delete: api/generations, api/likes). */
import type { InferRequestType, InferResponseType } from 'hono/client';
import { ApiError, api, ok, toApiError } from './client';

/** The body of POST /api/generate, as the Worker validates it. */
export type GenerateRequest = InferRequestType<typeof api.generate.$post>['json'];
/** Its 200 answer: the images, or a clarification (nothing charged). */
export type GenerateResponse = InferResponseType<typeof api.generate.$post, 200>;
export type GenerateSuccess = Extract<GenerateResponse, { success: true }>;
/** Its 502 answer when no image came back: the error plus the refund facts. */
type GenerateFailure = Extract<InferResponseType<typeof api.generate.$post, 502>, { refunded: boolean }>;
export type UploadResponse = InferResponseType<typeof api.uploads.$post, 201>;

/** One earlier turn of a refinement; the Worker checks `conversationHistory` itself (it takes `unknown`). */
export interface HistoryTurn {
  role: 'user' | 'model';
  parts: Array<{ text: string } | { inlineData: { mimeType: string; data: string } }>;
}

/** A failed generation with the refund facts of its body (docs/decisions/0008-refund-when-no-image.md). */
export class GenerationFailed extends ApiError {
  readonly refundMessage: string | undefined;
  readonly reasonMessage: string | undefined;
  readonly creditsLeft: number | null;

  constructor(status: number, body: GenerateFailure) {
    super(status, body.error.code, body.error.message, body.error.field);
    this.refundMessage = body.refundMessage;
    this.reasonMessage = body.reasonMessage;
    this.creditsLeft = body.creditsLeft;
  }

  /** What failed, why, and whether the credits came back, as one notice. */
  get userMessage(): string {
    return [this.message, this.reasonMessage, this.refundMessage].filter(Boolean).join(' ');
  }
}

/**
 * POST /api/generate. A failed generation also says whether the credits came back, so its 502
 * body becomes a GenerationFailed rather than a plain ApiError.
 */
export async function generate(request: GenerateRequest): Promise<GenerateResponse> {
  const response = await api.generate.$post({ json: request });
  // This call never sends `Prefer: respond-async`, so the 202 with a job cannot come back.
  if (response.status === 202) throw toApiError(response.status, null);
  if (response.status !== 502) return ok(response);
  const body = await response.json().catch(() => null);
  if (body !== null && 'refunded' in body) throw new GenerationFailed(response.status, body);
  throw toApiError(response.status, body);
}

export function uploadReference(file: Blob, fileName: string): Promise<UploadResponse> {
  return ok(api.uploads.$post({ form: { file: new File([file], fileName, { type: file.type }) } }));
}

export function enhancePrompt(prompt: string) {
  return ok(api.prompt.enhance.$post({ json: { prompt } }));
}

export function validatePrompt(prompt: string) {
  return ok(api.prompt.validate.$post({ json: { prompt } }));
}
