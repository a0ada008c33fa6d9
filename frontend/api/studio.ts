/** The studio's calls: generate, uploads, prompt helpers (history, likes and delete: api/generations, api/likes). */
import type {
  ApiErrorBody,
  GenerateFailureResponse,
  GenerateResponse,
  PromptEnhanceResponse,
  PromptValidationResponse,
  UploadResponse,
} from '#shared/api-types';
import { authMessages } from '#shared/messages';
import { useAuth } from '../auth/store';
import { ApiError, api } from './client';

export interface HistoryTurn {
  role: 'user' | 'model';
  parts: Array<{ text: string } | { inlineData: { mimeType: string; data: string } }>;
}

export interface GenerateRequest {
  prompt: string;
  aspectRatio: string;
  numberOfViews: number;
  model: string;
  resolution: string;
  isRefinement: boolean;
  referenceImages: string[];
  conversationHistory?: HistoryTurn[];
}

/** A failed generation with the refund facts of its body (decisions.md 9). */
export class GenerationFailed extends ApiError {
  readonly refundMessage: string | undefined;
  readonly reasonMessage: string | undefined;
  readonly creditsLeft: number | null;

  constructor(status: number, body: GenerateFailureResponse) {
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

function isFailureBody(body: unknown): body is GenerateFailureResponse {
  return typeof body === 'object' && body !== null && 'refunded' in body && 'error' in body;
}

async function postGenerateOnce(request: GenerateRequest, token: string | null): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json', 'Content-Type': 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  try {
    return await fetch('/api/generate', { method: 'POST', headers, body: JSON.stringify(request), credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'network_error', authMessages.genericError);
  }
}

/**
 * POST /api/generate. The shared client keeps only the error's message, but a failed generation
 * also says whether the credits came back, so this call reads the whole body itself.
 */
export async function generate(request: GenerateRequest): Promise<GenerateResponse> {
  const auth = useAuth.getState();
  let response = await postGenerateOnce(request, auth.accessToken);
  if (response.status === 401 && auth.accessToken) {
    const renewed = await auth.renew();
    if (renewed) response = await postGenerateOnce(request, renewed);
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return body as GenerateResponse;
  if (isFailureBody(body)) throw new GenerationFailed(response.status, body);
  const error = (body as Partial<ApiErrorBody> | null)?.error;
  throw new ApiError(response.status, error?.code ?? 'http_error', error?.message ?? authMessages.genericError, error?.field);
}

export function uploadReference(file: Blob, fileName: string): Promise<UploadResponse> {
  const form = new FormData();
  form.append('file', file, fileName);
  return api<UploadResponse>('/api/uploads', { method: 'POST', body: form });
}

export function enhancePrompt(prompt: string): Promise<PromptEnhanceResponse> {
  return api<PromptEnhanceResponse>('/api/prompt/enhance', { method: 'POST', body: { prompt } });
}

export function validatePrompt(prompt: string): Promise<PromptValidationResponse> {
  return api<PromptValidationResponse>('/api/prompt/validate', { method: 'POST', body: { prompt } });
}
