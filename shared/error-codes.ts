/** Every error code the API answers with, and the HTTP status it maps to: the one place. */
export const ERROR_STATUS = {
  invalid_request: 400,
  invalid_email: 400,
  weak_password: 400,
  invalid_prompt: 400,
  invalid_image: 400,
  invalid_signature: 400,
  captcha_failed: 400,
  not_authenticated: 401,
  invalid_credentials: 401,
  invalid_jwt: 401,
  session_not_found: 401,
  insufficient_credits: 402,
  forbidden: 403,
  not_found: 404,
  email_exists: 409,
  conflict: 409,
  job_started: 409,
  limit_reached: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  /** An Idempotency-Key sent again with another request (docs/decisions/0083). */
  idempotency_key_reused: 422,
  upgrade_required: 426,
  rate_limited: 429,
  too_many_jobs: 429,
  internal: 500,
  upstream_failed: 502,
  payments_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
