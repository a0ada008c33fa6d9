/**
 * Where a large download's bytes go (docs/decisions/0090-print-ui.md): straight into a file the
 * user picks, where the browser offers the File System Access API (Chromium on desktop), so a
 * 100-image ZIP never sits whole in the tab's memory; elsewhere into a Blob saved at the end
 * (Firefox and Safari keep it in memory, Chromium spills large Blobs to disk).
 */
import { saveBlob } from '../ui/save-blob';

export interface SaveTarget {
  kind: 'file' | 'blob';
  write: (chunk: Uint8Array) => Promise<void>;
  /** Finishes the file (or saves the Blob under its name). */
  close: () => Promise<void>;
  /** Drops what was written: a picked file is left as it was before. */
  abort: () => Promise<void>;
}

/** The parts of the File System Access API used here (not yet in TypeScript's DOM library). */
interface FileSavePicker {
  showSaveFilePicker: (options: {
    suggestedName: string;
    types: { description: string; accept: Record<string, string[]> }[];
  }) => Promise<{ createWritable: () => Promise<WritableFileStream> }>;
}

interface WritableFileStream {
  write: (chunk: Uint8Array) => Promise<void>;
  close: () => Promise<void>;
  abort: () => Promise<void>;
}

function hasSavePicker(scope: object): scope is FileSavePicker {
  return 'showSaveFilePicker' in scope && typeof scope.showSaveFilePicker === 'function';
}

export interface SaveFile {
  name: string;
  mimeType: string;
  extension: string;
  /** What the picker's file type list calls it ("ZIP archive"). */
  description: string;
}

function blobTarget(file: SaveFile): SaveTarget {
  let parts: Uint8Array<ArrayBuffer>[] = [];
  return {
    kind: 'blob',
    write: (chunk) => {
      // A copy the Blob may keep: the reader may reuse the chunk's buffer.
      parts.push(new Uint8Array(chunk));
      return Promise.resolve();
    },
    close: () => {
      saveBlob(new Blob(parts, { type: file.mimeType }), file.name);
      parts = [];
      return Promise.resolve();
    },
    abort: () => {
      parts = [];
      return Promise.resolve();
    },
  };
}

/**
 * Opens the target, asking for the file first: the picker needs the click's user activation, so
 * this runs before any request. Null when the user closed the picker without choosing.
 */
export async function openSaveTarget(file: SaveFile, scope: object = window): Promise<SaveTarget | null> {
  if (!hasSavePicker(scope)) return blobTarget(file);
  let writable: WritableFileStream;
  try {
    const handle = await scope.showSaveFilePicker({
      suggestedName: file.name,
      types: [{ description: file.description, accept: { [file.mimeType]: [file.extension] } }],
    });
    writable = await handle.createWritable();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return null;
    // Refused for another reason (no user activation left, a policy): the Blob still works.
    return blobTarget(file);
  }
  return { kind: 'file', write: (chunk) => writable.write(chunk), close: () => writable.close(), abort: () => writable.abort() };
}
