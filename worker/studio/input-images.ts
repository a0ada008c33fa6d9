/**
 * Input images of a Concept request: stored images (which must be the caller's and exist) —
 * their uploads under references/{userId}/, or results of their space under generations/, so a refinement
 * names the selected image instead of uploading it again — and base64 sent in the body, each
 * checked by its bytes and turned into inline data.
 */
import { REFERENCE_PATH_MAX_CHARS } from '../platform/limits';
import { generationRequestMessages } from '#shared/messages';
import type { InlineImage } from './engines/types';
import { AppError } from '../platform/errors';
import { fromBase64, toBase64 } from '../platform/base64';
import { checkImageHeader } from './image-header';
import { sniffImage } from './image-sniff';
import { parseMediaKey } from '../media';

/** An input image before it is loaded: a stored upload, or base64 sent in the body. */
export type InputImageSource = { kind: 'reference'; path: string } | { kind: 'inline'; data: string };

const UPLOAD_PATH = /\.(png|jpe?g|webp)$/i;

/**
 * Who may use which stored image as an input: the caller's own uploads, and the results the
 * caller's space holds (its generations, whoever in a workspace made them), which the caller lists
 * after asking D1 (docs/decisions/0096-workspaces.md).
 */
export interface ReadableInputs {
  userId: string;
  /** Keys of results in the caller's space. */
  results: ReadonlySet<string>;
}

/**
 * The documents' test for an uploaded path, plus the rule that it is one of the caller's own
 * uploads or a result of their space (docs/api.md "Projects, lineage and compare": refinement by stored keys).
 */
function checkReferencePath(readable: ReadableInputs, path: string): void {
  const looksStored = path.length < REFERENCE_PATH_MAX_CHARS && path.includes('/') && UPLOAD_PATH.test(path);
  const parsed = parseMediaKey(path);
  const allowed = parsed?.kind === 'references' ? parsed.userId === readable.userId : readable.results.has(path);
  if (!looksStored || !allowed) {
    throw new AppError('forbidden', generationRequestMessages.mediaForbidden, { field: 'referenceImages' });
  }
}

async function loadReference(media: R2Bucket, readable: ReadableInputs, path: string): Promise<InlineImage> {
  checkReferencePath(readable, path);
  const object = await media.get(path);
  if (!object) throw new AppError('invalid_request', generationRequestMessages.referenceNotFound, { field: 'referenceImages' });
  const bytes = new Uint8Array(await object.arrayBuffer());
  const kind = sniffImage(bytes);
  if (!kind || !checkImageHeader(bytes).ok) {
    throw new AppError('invalid_image', generationRequestMessages.invalidImageData, { field: 'referenceImages' });
  }
  return { mimeType: kind.mimeType, data: toBase64(bytes) };
}

function decodeInline(data: string): InlineImage {
  // Accept a data: URL or bare base64; never a http(s) URL, so the Worker fetches nothing
  // on a user's behalf (docs/decisions/0030-generation-request-rules.md).
  const base64 = data.replace(/^data:image\/[a-z+.-]+;base64,/i, '');
  let bytes: Uint8Array;
  try {
    bytes = fromBase64(base64);
  } catch {
    throw new AppError('invalid_image', generationRequestMessages.invalidImageData, { field: 'images' });
  }
  const kind = sniffImage(bytes);
  // Sent on to the provider undecoded, but never an image its header says is too large.
  if (!kind || !checkImageHeader(bytes).ok) {
    throw new AppError('invalid_image', generationRequestMessages.invalidImageData, { field: 'images' });
  }
  return { mimeType: kind.mimeType, data: base64 };
}

export async function loadInputImages(
  media: R2Bucket,
  readable: ReadableInputs,
  sources: InputImageSource[],
): Promise<InlineImage[]> {
  return Promise.all(
    sources.map(async (source) => (source.kind === 'reference' ? loadReference(media, readable, source.path) : decodeInline(source.data))),
  );
}
