/** Shapes of the HTTP contract (../shared/spec/api.md), shared by the Worker and the React app. */
import type { Plan } from './plans';
import type { ErrorCode } from './error-codes';

export interface ApiUser {
  id: string;
  email: string;
  created_at: string;
  credits: number;
  plan: Plan;
}

export interface ApiSession {
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

export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; field?: string };
}

export interface HealthResponse {
  ok: true;
  engine: 'gemini' | 'preview';
  payments: 'live' | 'test';
}
