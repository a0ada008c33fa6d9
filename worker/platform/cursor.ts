/**
 * Opaque page cursors, and the shape checks their positions use. Every listing that pages (the
 * gallery, likes, the owner's generations, projects, the credits ledger) reads them from here.
 */
import { galleryMessages } from '#shared/messages';
import { fromBase64Url, toBase64Url } from './crypto';
import { AppError } from './errors';

/** Cursors are opaque to the app: base64url JSON of a position. */
export function encodeCursor(position: object): string {
  return toBase64Url(new TextEncoder().encode(JSON.stringify(position)));
}

/** Decodes a cursor and checks its shape; a forged or damaged one is a 400 naming `cursor`. */
export function decodeCursor<T>(cursor: string, isValid: (value: unknown) => value is T): T {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(fromBase64Url(cursor)));
  } catch {
    value = null;
  }
  if (!isValid(value)) throw new AppError('invalid_request', galleryMessages.invalidCursor, { field: 'cursor' });
  return value;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const isSafeInteger = (value: unknown): value is number => Number.isSafeInteger(value);
