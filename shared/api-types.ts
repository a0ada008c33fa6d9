/** Shapes of the HTTP contract, shared by the Worker and the React app. */
import type { FidelityStep, InputType, ViewFidelity } from './drawing-inputs';
import type { GenerationFailureReason, GenerationType, ImageEngineName } from './generation-types';
import type { Resolution } from './models';
import type { Plan } from './plans';
import type { PaymentsMode } from './payments';
import type { ErrorCode } from './error-codes';

export interface ApiUser {
  id: string;
  email: string;
  created_at: string;
  credits: number;
  plan: Plan;
}

interface ApiSession {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  /** Seconds since the epoch. */
  expires_at: number;
}

export interface AuthResponse {
  user: ApiUser;
  session: ApiSession;
}

/** The page a password reset email links to (the app's route table uses the same path). */
export const RESET_PASSWORD_PATH = '/reset-password';

export function resetPasswordUrl(origin: string, token: string): string {
  return `${origin}${RESET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`;
}

export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; field?: string };
}

export interface HealthResponse {
  ok: true;
  engine: 'gemini' | 'preview';
  payments: PaymentsMode;
}

// ---- Studio ----

type ValidationConfidence = 'high' | 'medium' | 'low';

/** One output image as the app shows it: URLs usable at once (signed when private). */
export interface GeneratedImage {
  url: string;
  thumbnailUrl: string;
  /** R2 key of the full image. */
  storagePath: string;
  seed: number;
  index: number;
  width: number;
  height: number;
  /** ThumbHash, base64: decode with thumbhash's thumbHashToDataURL. */
  placeholder: string;
  /** Gemini 3's signature of the turn that made the image: send it back with the image in a refinement's history. */
  thoughtSignature?: string;
  /**
   * WebP renditions, narrowest first, the widest at the image's own width: give them to an <img>
   * as `srcSet={srcsetOf(renditions)}` with `sizes` from the grid's rules (shared/renditions.ts).
   */
  renditions: ImageRendition[];
  /** Geometry fidelity of a view rendered from a sketch, model view or drawing, once scored. */
  fidelity?: ViewFidelity;
}

/** One rendition as the app receives it: its URL (immutable when public, else signed) and size. */
export interface ImageRendition {
  url: string;
  width: number;
  height: number;
}

interface GenerationMetadata {
  prompt: string;
  aspectRatio: string;
  numberOfViews: number;
  actualViews: number;
  model: string;
  resolution: Resolution;
  generationType: GenerationType;
  timestamp: string;
  referenceImages: string[];
  userPlan: Plan;
  watermarked: boolean;
  engine: ImageEngineName;
  /** True for the offline preview engine: the UI labels such images "Preview". */
  preview: boolean;
  /** What the first reference image was and the Precise ↔ Creative step (1–5), when the request named them. */
  inputType?: InputType;
  fidelity?: FidelityStep;
}

/** 200 answer of POST /api/generate when at least one image came back. */
export interface GenerateSuccessResponse {
  success: true;
  generationId: string;
  imageUrl: string;
  imageUrls: string[];
  images: GeneratedImage[];
  seed: number;
  warning?: string;
  metadata: GenerationMetadata;
  creditsCharged: number;
  /** The balance after the charge; null for enterprise (unlimited). */
  creditsLeft: number | null;
  refunded: false;
  /** The project it was made in, and the generation it came from (when any). */
  projectId?: string;
  parentId?: string;
  /** The words the project's brief added to the prompt the engine received (when any). */
  briefAddition?: string;
}

/** 200 answer of POST /api/generate when the prompt needs clarification: nothing charged. */
export interface GenerateClarificationResponse {
  success: false;
  needsClarification: true;
  validationFeedback: string;
  suggestions: string[];
  creditsCharged: 0;
}

/** 502 answer of POST /api/generate when no image came back: the API's error shape plus the refund. */
export interface GenerateFailureResponse extends ApiErrorBody {
  success: false;
  generationId: string;
  refunded: boolean;
  creditsRefunded: number;
  creditsCharged: 0;
  creditsLeft: number | null;
  /** studioMessages.refunded(n) when credits were returned. */
  refundMessage?: string;
  /** Why no image came back, and the sentence the studio shows for it. */
  failureReason: GenerationFailureReason;
  reasonMessage: string;
  warning?: string;
}

export interface PromptValidationResponse {
  isValid: boolean;
  feedback: string;
  suggestions: string[];
  confidence: ValidationConfidence;
}

export interface PromptEnhanceResponse {
  enhanced: string;
}

export interface UploadResponse {
  /** R2 key under references/{userId}/, to pass back as a referenceImages entry. */
  path: string;
  /** A signed URL of the upload, usable at once. */
  url: string;
  /** What the image looks like (a guess the studio preselects; the user confirms): pass it back as inputType. */
  suggestedInputType: InputType;
}
