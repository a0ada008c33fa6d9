/** Test data for the gallery, likes and dashboard: generation rows and R2 objects written directly. */
import { env } from 'cloudflare:workers';
import type { StoredImage } from '#shared/generation-types';
import { mediaKeys } from '../../../worker/media/urls';

export interface SeedGeneration {
  userId: string;
  prompt?: string;
  visibility?: 'public' | 'private';
  imageCount?: number;
  referenceImages?: string[];
  /** Also write the image, thumbnail and reference objects to R2. */
  withObjects?: boolean;
  createdAt?: number;
}

let counter = 0;

function storedImages(userId: string, id: string, count: number): StoredImage[] {
  return Array.from({ length: count }, (_, index) => ({
    key: mediaKeys.image(userId, id, index),
    thumbKey: mediaKeys.thumbnail(userId, id, index),
    placeholder: 'YJqGPQw7sFlslqhFafSE+Q6oJ1h2iHB2Rw==',
    width: 1024,
    height: 768,
    seed: index + 1,
  }));
}

/** Inserts one generation row (and optionally its objects); returns its id. */
export async function insertGeneration(options: SeedGeneration): Promise<string> {
  counter += 1;
  const id = crypto.randomUUID();
  const images = storedImages(options.userId, id, options.imageCount ?? 1);
  const shuffleKey = crypto.getRandomValues(new Uint32Array(1))[0]! >>> 1;
  await env.DB.prepare(
    `insert into generations (id, user_id, prompt, visibility, engine, images, reference_images, image_count, shuffle_key, created_at)
     values (?, ?, ?, ?, 'preview', ?, ?, ?, ?, ?)`,
  )
    .bind(
      id,
      options.userId,
      options.prompt ?? `A quiet courtyard house number ${counter}`,
      options.visibility ?? 'public',
      JSON.stringify(images),
      JSON.stringify(options.referenceImages ?? []),
      images.length,
      shuffleKey,
      options.createdAt ?? Date.now() + counter,
    )
    .run();
  if (options.withObjects) {
    const keys = [...images.flatMap((image) => [image.key, image.thumbKey]), ...(options.referenceImages ?? [])];
    await Promise.all(keys.map((key) => env.MEDIA.put(key, new Uint8Array([0xff, 0xd8, 0xff, 0xd9]))));
  }
  return id;
}

export async function insertGenerations(count: number, options: SeedGeneration): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) ids.push(await insertGeneration(options));
  return ids;
}

export async function objectExists(key: string): Promise<boolean> {
  return (await env.MEDIA.head(key)) !== null;
}

export async function likeCountInDb(id: string): Promise<number> {
  const row = await env.DB.prepare('select like_count from generations where id = ?').bind(id).first<{ like_count: number }>();
  return row?.like_count ?? -1;
}

/** Removes every generation, so a test sees only its own gallery rows (storage is per file). */
export async function clearGenerations(): Promise<void> {
  await env.DB.prepare('delete from generations').run();
}
