import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { generalMessages } from '#shared/messages';
import { AppError } from './errors';

/**
 * Hono's zod validator with the API's error shape: a 400 `invalid_request` naming the first
 * field at fault (or `message`, when the input has one sentence for every fault). Unknown fields
 * are stripped by the schemas, so they are ignored.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(
  target: Target,
  schema: Schema,
  message?: string,
) {
  return zValidator(target, schema, (result) => {
    if (result.success) return;
    const issue = result.error.issues[0];
    const field = issue?.path.map(String).join('.') || undefined;
    const detail = issue?.message ?? generalMessages.invalidRequest;
    if (message) throw new AppError('invalid_request', message, { field });
    throw new AppError('invalid_request', field ? `Invalid "${field}": ${detail}` : detail, { field });
  });
}
