import { DurableObject } from 'cloudflare:workers';

/**
 * One object per user, holding that user's open WebSockets. The live-updates issue fills it in;
 * the binding and its migration tag exist from the start so deployments never need a rename.
 */
export class LiveUpdates extends DurableObject<Env> {
  override async fetch(): Promise<Response> {
    return new Response('Live updates are not available yet.', { status: 501 });
  }
}
