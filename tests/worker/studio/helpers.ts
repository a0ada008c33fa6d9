/** Helpers for the studio's tests: plans and balances set straight in D1, the ledger's sum, images. */
import { PhotonImage } from '@cf-wasm/photon';
import { env } from 'cloudflare:workers';
import { createDatabase } from '../../../worker/db/client';
import { findUserById } from '../../../worker/auth/users';
import type { PublicUser } from '../../../worker/platform/context';
import type { Plan } from '#shared/plans';
import { call, signUp, type SignedUp } from '../helpers';

export async function setPlan(userId: string, plan: Plan): Promise<void> {
  await env.DB.prepare('update users set plan = ? where id = ?').bind(plan, userId).run();
}

/** Sets a balance and writes the matching operator ledger row, so balance = ledger sum holds. */
export async function setCredits(userId: string, credits: number): Promise<void> {
  const current = await balance(userId);
  await env.DB.batch([
    env.DB.prepare('update users set credits = ? where id = ?').bind(credits, userId),
    env.DB.prepare("insert into credit_ledger (user_id, delta, reason) values (?, ?, 'operator')").bind(userId, credits - current),
  ]);
}

export async function balance(userId: string): Promise<number> {
  const row = await env.DB.prepare('select credits from users where id = ?').bind(userId).first<{ credits: number }>();
  return row?.credits ?? -1;
}

export async function ledgerSum(userId: string): Promise<number> {
  const row = await env.DB.prepare('select coalesce(sum(delta), 0) as total from credit_ledger where user_id = ?')
    .bind(userId)
    .first<{ total: number }>();
  return row?.total ?? 0;
}

export async function ledgerRows(userId: string): Promise<{ delta: number; reason: string; generation_id: string | null }[]> {
  const rows = await env.DB.prepare('select delta, reason, generation_id from credit_ledger where user_id = ? order by id')
    .bind(userId)
    .all<{ delta: number; reason: string; generation_id: string | null }>();
  return rows.results;
}

export async function userWith(options: { plan?: Plan; credits?: number } = {}): Promise<SignedUp> {
  const user = await signUp();
  if (options.plan) await setPlan(user.user.id, options.plan);
  if (options.credits !== undefined) await setCredits(user.user.id, options.credits);
  return user;
}

export async function publicUser(userId: string): Promise<PublicUser> {
  const user = await findUserById(createDatabase(env.DB), userId);
  if (!user) throw new Error('no such user');
  return user;
}

export function generate(token: string | undefined, body: Record<string, unknown>): Promise<Response> {
  return call('/api/generate', { method: 'POST', token, body });
}

export interface Decoded {
  width: number;
  height: number;
  pixels: Uint8Array;
}

export function decodeImage(bytes: Uint8Array): Decoded {
  const image = PhotonImage.new_from_byteslice(bytes);
  const decoded = { width: image.get_width(), height: image.get_height(), pixels: image.get_raw_pixels() };
  image.free();
  return decoded;
}

export async function fetchImage(url: string, token?: string): Promise<Decoded> {
  const response = await call(url, { token });
  if (response.status !== 200) throw new Error(`media ${url}: ${response.status}`);
  return decodeImage(new Uint8Array(await response.arrayBuffer()));
}

/** Mean absolute RGB difference of two same-sized images inside a box. */
export function meanDifference(a: Decoded, b: Decoded, box: { x: number; y: number; width: number; height: number }): number {
  let total = 0;
  let count = 0;
  for (let y = box.y; y < box.y + box.height; y += 1) {
    for (let x = box.x; x < box.x + box.width; x += 1) {
      const i = (y * a.width + x) * 4;
      for (let c = 0; c < 3; c += 1) total += Math.abs(a.pixels[i + c]! - b.pixels[i + c]!);
      count += 3;
    }
  }
  return total / count;
}

/** A small real PNG, for uploads and inline images. */
export function pngBytes(width = 8, height = 8): Uint8Array {
  const image = new PhotonImage(new Uint8Array(width * height * 4).fill(200), width, height);
  const bytes = image.get_bytes();
  image.free();
  return bytes;
}

export async function upload(token: string, bytes: Uint8Array, name = 'ref.png', type = 'image/png'): Promise<Response> {
  const form = new FormData();
  form.append('file', new File([bytes], name, { type }));
  return call('/api/uploads', { method: 'POST', token, body: form });
}
