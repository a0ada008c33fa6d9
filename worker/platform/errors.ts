import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ERROR_STATUS, type ErrorCode } from '#shared/error-codes';

export type { ErrorCode };

export interface ErrorBody {
  error: { code: ErrorCode; message: string; field?: string };
}

/** An expected failure: thrown by services, turned into the documented JSON shape by the app. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly field: string | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { field?: string; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.field = options.field;
    this.headers = options.headers;
  }

  get status(): ContentfulStatusCode {
    return ERROR_STATUS[this.code];
  }

  toBody(): ErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.field === undefined ? {} : { field: this.field }),
      },
    };
  }
}

export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && /UNIQUE constraint failed/i.test(causeChainMessage(error));
}

export function isCheckViolation(error: unknown): boolean {
  return error instanceof Error && /CHECK constraint failed/i.test(causeChainMessage(error));
}

/** drizzle wraps D1's error; the SQLite text is in the cause. */
function causeChainMessage(error: Error): string {
  const parts: string[] = [];
  let current: unknown = error;
  while (current instanceof Error && parts.length < 5) {
    parts.push(current.message);
    current = current.cause;
  }
  return parts.join(' | ');
}
