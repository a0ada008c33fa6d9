/** The studio's calls: the generate request's types, uploads, the enhancer (jobs: api/jobs; history, likes and delete: api/generations, api/likes). */
import type { InferRequestType, InferResponseType } from 'hono/client';
import { ApiError, api, ok } from './client';

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

export function uploadReference(file: Blob, fileName: string): Promise<UploadResponse> {
  return ok(api.uploads.$post({ form: { file: new File([file], fileName, { type: file.type }) } }));
}

export function enhancePrompt(prompt: string) {
  return ok(api.prompt.enhance.$post({ json: { prompt } }));
}

