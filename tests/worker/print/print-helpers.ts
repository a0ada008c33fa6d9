/** Helpers for the print tests: upscales posted as the app posts them, and stored objects read back. */
import { env } from 'cloudflare:workers';
import { call } from '../helpers';

export function postUpscale(token: string | undefined, id: string, index: number, headers: Record<string, string> = {}, body: unknown = {}): Promise<Response> {
  return call(`/api/generations/${id}/images/${index}/upscale`, { method: 'POST', token, body, headers: { Prefer: 'respond-async', ...headers } });
}

export async function bytesOf(key: string): Promise<Uint8Array> {
  const object = await env.MEDIA.get(key);
  if (!object) throw new Error(`${key} is missing`);
  return new Uint8Array(await object.arrayBuffer());
}
