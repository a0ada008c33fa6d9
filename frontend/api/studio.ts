/** The studio's calls: the generate request's types, uploads, the enhancer (jobs: api/jobs; history, likes and delete: api/generations, api/likes). */
import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, ok } from './client';

/** The body of POST /api/generate, as the Worker validates it. */
export type GenerateRequest = InferRequestType<typeof api.generate.$post>['json'];
export type UploadResponse = InferResponseType<typeof api.uploads.$post, 201>;

/** One earlier turn of a refinement; the Worker checks `conversationHistory` itself (it takes `unknown`). */
export interface HistoryTurn {
  role: 'user' | 'model';
  parts: Array<{ text: string } | { inlineData: { mimeType: string; data: string } }>;
}

export function uploadReference(file: Blob, fileName: string): Promise<UploadResponse> {
  return ok(api.uploads.$post({ form: { file: new File([file], fileName, { type: file.type }) } }));
}

export function enhancePrompt(prompt: string) {
  return ok(api.prompt.enhance.$post({ json: { prompt } }));
}

