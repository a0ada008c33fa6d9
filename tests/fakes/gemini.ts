/**
 * A fake of Google's Gemini API speaking its real HTTP wire format, reached by the real
 * @google/genai SDK through `httpOptions.baseUrl`: POST {base}/v1beta/models/{model}:generateContent
 * answering candidates[].content.parts[].inlineData, JSON errors with a status, prompt blocks,
 * candidates without an image, plain text for the text helpers, and network failures.
 */
import { PhotonImage, SamplingFilter, resize } from '@cf-wasm/photon';
import { vi, type MockInstance } from 'vitest';
import { outputSize, type AspectRatio, type Resolution } from '#shared/models';
import { encodePngInBands, type RgbaImage } from '../../worker/media';
import { Canvas, rgbaWord } from '../../worker/studio/engines/canvas';

export const FAKE_GEMINI_BASE_URL = 'https://gemini.fake.test';

export type FakeReply =
  | {
      kind: 'image';
      width?: number;
      height?: number;
      color?: [number, number, number];
      /** Answers only after this many milliseconds (a slow render). */
      delayMs?: number;
      /** Answers only once this settles: a slow render the test lets go of when it has seen what it waits for. */
      heldUntil?: Promise<void>;
      /** An interim image part marked `thought: true` comes first, as Gemini 3 image models send. */
      thoughtFirst?: { color: [number, number, number] };
      /** The final image part's thoughtSignature. */
      thoughtSignature?: string;
    }
  /**
   * A region edit as a model answers it: the first image of the request (the crop) with the area
   * white in the second (the mask) painted `color`, at width × height (the imageConfig's size by
   * default), then moved `shift` pixels of the answer (edges repeated).
   */
  | { kind: 'edited'; color?: [number, number, number]; width?: number; height?: number; shift?: [number, number] }
  /** A faithful upscale: the request's image resized (Lanczos) to width × height, the imageConfig's size by default. */
  | { kind: 'upscaled'; width?: number; height?: number }
  /** An image part of exactly these PNG bytes (base64): a large or photographic answer made ahead of the call. */
  | { kind: 'png'; data: string }
  | { kind: 'error'; code: number; status: string; message?: string }
  | { kind: 'blocked'; reason: string }
  | { kind: 'noImage'; finishReason: string }
  | { kind: 'text'; text: string }
  | { kind: 'network' }
  /** workerd's own error for a connection dropped mid-way: a plain Error, not a TypeError. */
  | { kind: 'connectionLost' }
  /** Holds the connection open without a byte until the caller gives up (aborts). */
  | { kind: 'hang' };

export interface FakeCall {
  model: string;
  body: GenerateContentWire;
  at: number;
  /** When the fake had its answer ready (what a bench counts as the engine's time). */
  answeredAt?: number;
}

/** The request body as it travels on the wire (the SDK renames config to generationConfig). */
export interface GenerateContentWire {
  contents: {
    role?: string;
    parts: (({ text: string } | { inlineData: { mimeType: string; data: string } }) & { thoughtSignature?: string })[];
  }[];
  generationConfig?: {
    seed?: number;
    temperature?: number;
    maxOutputTokens?: number;
    thinkingConfig?: { thinkingLevel?: string; thinkingBudget?: number };
    responseMimeType?: string;
    responseModalities?: string[];
    imageConfig?: { aspectRatio?: AspectRatio; imageSize?: Resolution };
  };
  systemInstruction?: unknown;
}

type Script = (call: FakeCall, index: number) => FakeReply;

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

const pngCache = new Map<string, string>();

/** A real PNG of a solid colour, so the Worker's decoder has genuine bytes to read. */
export function solidPngBase64(width: number, height: number, color: [number, number, number] = [90, 120, 160]): string {
  const key = `${width}x${height}:${color.join(',')}`;
  const cached = pngCache.get(key);
  if (cached) return cached;
  const canvas = new Canvas(width, height);
  canvas.rect(0, 0, width, height, color);
  const image = new PhotonImage(canvas.pixels, width, height);
  const png = toBase64(image.get_bytes());
  image.free();
  pngCache.set(key, png);
  return png;
}

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function imageSizeFor(call: FakeCall, reply: { width?: number; height?: number }): { width: number; height: number } {
  if (reply.width && reply.height) return { width: reply.width, height: reply.height };
  const config = call.body.generationConfig?.imageConfig;
  return outputSize(config?.aspectRatio ?? '1:1', config?.imageSize ?? '1K');
}

/** An answer that never comes: settles only by rejecting when the request is aborted. */
function hang(signal: AbortSignal): Promise<Response> {
  return new Promise((_, reject) => {
    const abandoned = () => reject(new Error('the caller gave up', { cause: signal.reason }));
    if (signal.aborted) abandoned();
    signal.addEventListener('abort', abandoned, { once: true });
  });
}

function fromBase64(data: string): Uint8Array {
  return Uint8Array.from(atob(data), (char) => char.charCodeAt(0));
}

/** A PNG of `image`, base64, written by the Worker's own band writer (the runtime's zlib). */
async function pngBase64(image: RgbaImage): Promise<string> {
  return toBase64(await encodePngInBands(image));
}

/** The crop of an edit request, repainted, resized and moved as `reply` says: a PNG, base64. */
async function editedPngBase64(call: FakeCall, reply: Extract<FakeReply, { kind: 'edited' }>): Promise<string> {
  const images = call.body.contents.flatMap((content) => content.parts.flatMap((part) => ('inlineData' in part ? [part.inlineData.data] : [])));
  const [cropData, maskData] = images;
  if (!cropData || !maskData) throw new Error('an edit request carries the crop and the mask');
  const crop = PhotonImage.new_from_byteslice(fromBase64(cropData));
  const mask = PhotonImage.new_from_byteslice(fromBase64(maskData));
  const pixels = crop.get_raw_pixels();
  const marks = mask.get_raw_pixels();
  const [width, height] = [crop.get_width(), crop.get_height()];
  crop.free();
  mask.free();
  const paint = rgbaWord(reply.color ?? [30, 150, 70]);
  const words = new Uint32Array(pixels.buffer, pixels.byteOffset, width * height);
  for (let p = 0; p < words.length; p += 1) if ((marks[p * 4] ?? 0) > 127) words[p] = paint;
  const size = reply.width && reply.height ? { width: reply.width, height: reply.height } : imageSizeFor(call, {});
  const painted = new PhotonImage(pixels, width, height);
  const sized = resize(painted, size.width, size.height, SamplingFilter.Lanczos3);
  painted.free();
  const answer = sized.get_raw_pixels();
  sized.free();
  const [dx, dy] = reply.shift ?? [0, 0];
  const from = new Uint32Array(answer.buffer, answer.byteOffset, size.width * size.height);
  const out = new Uint32Array(from.length);
  for (let y = 0; y < size.height; y += 1) {
    const sy = Math.min(size.height - 1, Math.max(0, y - dy));
    for (let x = 0; x < size.width; x += 1) {
      const sx = Math.min(size.width - 1, Math.max(0, x - dx));
      out[y * size.width + x] = from[sy * size.width + sx] ?? 0;
    }
  }
  return pngBase64({ pixels: new Uint8Array(out.buffer), ...size });
}

/** The request's image at the answer's size: a PNG, base64. */
async function upscaledPngBase64(call: FakeCall, reply: Extract<FakeReply, { kind: 'upscaled' }>): Promise<string> {
  const data = call.body.contents.flatMap((content) => content.parts.flatMap((part) => ('inlineData' in part ? [part.inlineData.data] : [])))[0];
  if (!data) throw new Error('an upscale request carries its source');
  const size = imageSizeFor(call, reply);
  const source = PhotonImage.new_from_byteslice(fromBase64(data));
  const sized = resize(source, size.width, size.height, SamplingFilter.Lanczos3);
  source.free();
  const pixels = sized.get_raw_pixels();
  sized.free();
  return pngBase64({ pixels, ...size });
}

async function render(call: FakeCall, reply: Exclude<FakeReply, { kind: 'hang' }>): Promise<Response> {
  switch (reply.kind) {
    case 'upscaled':
      return jsonResponse({
        candidates: [{ content: { role: 'model', parts: [{ inlineData: { mimeType: 'image/png', data: await upscaledPngBase64(call, reply) } }] }, finishReason: 'STOP', index: 0 }],
        modelVersion: call.model,
      });
    case 'edited':
      return jsonResponse({
        candidates: [{ content: { role: 'model', parts: [{ inlineData: { mimeType: 'image/png', data: await editedPngBase64(call, reply) } }] }, finishReason: 'STOP', index: 0 }],
        modelVersion: call.model,
      });
    case 'png':
      return jsonResponse({
        candidates: [{ content: { role: 'model', parts: [{ inlineData: { mimeType: 'image/png', data: reply.data } }] }, finishReason: 'STOP', index: 0 }],
        modelVersion: call.model,
      });
    case 'image': {
      const { width, height } = imageSizeFor(call, reply);
      const data = solidPngBase64(width, height, reply.color);
      const final = { inlineData: { mimeType: 'image/png', data }, ...(reply.thoughtSignature ? { thoughtSignature: reply.thoughtSignature } : {}) };
      const thought = reply.thoughtFirst
        ? [{ inlineData: { mimeType: 'image/png', data: solidPngBase64(width, height, reply.thoughtFirst.color) }, thought: true }]
        : [];
      return jsonResponse({
        candidates: [{ content: { role: 'model', parts: [...thought, final] }, finishReason: 'STOP', index: 0 }],
        usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 1290, totalTokenCount: 1300 },
        modelVersion: call.model,
      });
    }
    case 'error':
      return jsonResponse({ error: { code: reply.code, message: reply.message ?? `fake ${reply.status}`, status: reply.status } }, reply.code);
    case 'blocked':
      return jsonResponse({ promptFeedback: { blockReason: reply.reason }, usageMetadata: { promptTokenCount: 10 } });
    case 'noImage':
      return jsonResponse({
        candidates: [{ content: { role: 'model', parts: [{ text: 'I could not make that image.' }] }, finishReason: reply.finishReason, index: 0 }],
      });
    case 'text':
      return jsonResponse({ candidates: [{ content: { role: 'model', parts: [{ text: reply.text }] }, finishReason: 'STOP', index: 0 }] });
    case 'network':
      throw new TypeError('fetch failed');
    case 'connectionLost':
      throw new Error('Network connection lost.');
  }
}

export class FakeGemini {
  readonly calls: FakeCall[] = [];
  private script: Script = () => ({ kind: 'image' });
  private spy: MockInstance<typeof fetch> | null = null;

  /** Decides each reply from the call and its index (0-based, across all calls). */
  reply(script: Script): this {
    this.script = script;
    return this;
  }

  /** Replies in turn from a list; the last one repeats. */
  replySequence(replies: [FakeReply, ...FakeReply[]]): this {
    return this.reply((_call, index) => replies[Math.min(index, replies.length - 1)] ?? replies[0]);
  }

  async handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const match = url.pathname.match(/^\/v1beta\/models\/([^/:]+):generateContent$/);
    const model = match?.[1];
    if (request.method !== 'POST' || model === undefined) {
      return jsonResponse({ error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } }, 404);
    }
    if (!request.headers.get('x-goog-api-key')) {
      return jsonResponse({ error: { code: 403, message: 'API key missing', status: 'PERMISSION_DENIED' } }, 403);
    }
    const call: FakeCall = { model: decodeURIComponent(model), body: await request.json<GenerateContentWire>(), at: Date.now() };
    const index = this.calls.length;
    this.calls.push(call);
    const reply = this.script(call, index);
    if (reply.kind === 'hang') return hang(request.signal);
    if (reply.kind === 'image' && reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    if (reply.kind === 'image' && reply.heldUntil) await reply.heldUntil;
    const response = await render(call, reply);
    call.answeredAt = Date.now();
    return response;
  }

  /** Routes fetches for the fake's base URL here; everything else goes out as usual. */
  install(): this {
    const original = globalThis.fetch.bind(globalThis);
    this.spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const request = new Request(input, init);
      if (request.url.startsWith(FAKE_GEMINI_BASE_URL)) return this.handle(request);
      return original(input, init);
    });
    return this;
  }

  uninstall(): void {
    this.spy?.mockRestore();
    this.spy = null;
  }
}
