/** Test data for review links: projects and their generations written straight to D1 and R2. */
import { env } from 'cloudflare:workers';
import type { StoredImage } from '#shared/generation-types';
import { renditionHeight, renditionWidths } from '#shared/renditions';
import type { CreatedReviewLink } from '#shared/review-types';
import { mediaKeys } from '../../../worker/media/urls';
import { call, json } from '../helpers';

/** A project of `userId` (the projects routes live in their own feature). */
export async function insertProject(userId: string, name = 'Courtyard House'): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare('insert into projects (id, user_id, name, brief, updated_at) values (?, ?, ?, ?, ?)')
    .bind(id, userId, name, JSON.stringify({ materials: 'board-formed concrete' }), Date.now())
    .run();
  return id;
}

/** JPEG-ish bytes that tell one object from another when read back. */
export function bytesOf(key: string): Uint8Array {
  return new TextEncoder().encode(`\xff\xd8${key}\xff\xd9`);
}

export interface SeedVersion {
  userId: string;
  projectId: string | null;
  parentId?: string | null;
  visibility?: 'public' | 'private';
  imageCount?: number;
  prompt?: string;
  /** The originals' width (4:3 images); 1024 unless told. */
  width?: number;
}

/** A generation with stored images, thumbnails and the whole rendition ladder, all in R2. */
export async function insertVersion(options: SeedVersion): Promise<string> {
  const id = crypto.randomUUID();
  const width = options.width ?? 1024;
  const images: StoredImage[] = Array.from({ length: options.imageCount ?? 1 }, (_, index) => ({
    key: mediaKeys.image(options.userId, id, index),
    thumbKey: mediaKeys.thumbnail(options.userId, id, index),
    placeholder: 'YJqGPQw7sFlslqhFafSE+Q6oJ1h2iHB2Rw==',
    width,
    height: (width * 3) / 4,
    seed: index + 1,
    renditions: renditionWidths(width).map((rung) => ({
      key: mediaKeys.rendition(options.userId, id, index, rung, 'abcdef0123456789'),
      width: rung,
      height: renditionHeight({ width, height: (width * 3) / 4 }, rung),
    })),
  }));
  await env.DB.prepare(
    `insert into generations (id, user_id, prompt, visibility, engine, images, image_count, shuffle_key, project_id, parent_id)
     values (?, ?, ?, ?, 'preview', ?, ?, ?, ?, ?)`,
  )
    .bind(
      id,
      options.userId,
      options.prompt ?? 'A timber pavilion by the lake',
      options.visibility ?? 'private',
      JSON.stringify(images),
      images.length,
      Math.floor(Math.random() * 2 ** 30),
      options.projectId,
      options.parentId ?? null,
    )
    .run();
  const keys = images.flatMap((image) => [image.key, image.thumbKey, ...(image.renditions ?? []).map((r) => r.key)]);
  await Promise.all(keys.map((key) => env.MEDIA.put(key, bytesOf(key), { httpMetadata: { contentType: 'image/jpeg' } })));
  return id;
}

export async function createLink(
  token: string,
  projectId: string,
  body: { expiresInDays?: number; allowDownload?: boolean } = {},
): Promise<CreatedReviewLink> {
  const response = await call(`/api/projects/${projectId}/review-links`, { method: 'POST', token, body });
  if (response.status !== 201) throw new Error(`link: ${response.status} ${await response.text()}`);
  return json<CreatedReviewLink>(response);
}

let addressCounter = 0;
/** A client address of its own for each call, so only the rate-limit tests meet the per-address limit. */
export function freshAddress(): string {
  addressCounter += 1;
  return `2001:db8::${addressCounter.toString(16)}`;
}

export function postComment(reviewToken: string, body: Record<string, unknown>, address = freshAddress()): Promise<Response> {
  return call(`/api/review/${reviewToken}/comments`, { method: 'POST', body, headers: { 'CF-Connecting-IP': address } });
}

export function postApproval(reviewToken: string, body: Record<string, unknown>, address = freshAddress()): Promise<Response> {
  return call(`/api/review/${reviewToken}/approvals`, { method: 'POST', body, headers: { 'CF-Connecting-IP': address } });
}
