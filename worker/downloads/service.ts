/**
 * ZIP downloads (docs/decisions/0089-print-resolution.md): a project's images (its owner, or a
 * review link that allows downloads), or a selection of the caller's generations, each image's
 * delivered JPEG under a name that says its project, view and version, streamed.
 */
import { generalMessages, printMessages } from '#shared/messages';
import { PRODUCT_NAME } from '#shared/messages';
import { ARCHIVE_BYTES_HEADER, ARCHIVE_IMAGES_HEADER, DOWNLOAD_MAX_GENERATIONS, ZIP_CONTENT_TYPE } from '#shared/print';
import type { Database } from '../db/client';
import type { AppContext } from '../platform/context';
import { AppError } from '../platform/errors';
import { imageName } from '#shared/version-names';
import type { SpaceRef } from '../platform/space';
import { archiveEntries, slugOf, type ArchiveImage } from './entry-names';
import { heldCount, projectDownloadRows, selectedDownloadRows, type DownloadRow } from './queries';
import { zipBytes, zipStream, type ZipEntry } from './zip-stream';

export interface Archive {
  fileName: string;
  entries: ZipEntry[];
  /** The archive's exact size, when every image's size is on record. */
  bytes: number | null;
}

function archiveOf(fileName: string, rows: readonly DownloadRow[]): Archive {
  const images: (ArchiveImage & { bytes: number | undefined })[] = rows.flatMap((row) =>
    row.images.map((image, index) => ({
      projectName: row.projectName,
      prompt: row.prompt,
      name: row.version ? imageName(row.version, index, row.images.length) : null,
      index,
      key: image.key,
      createdAt: row.createdAt,
      bytes: image.bytes,
    })),
  );
  const entries = archiveEntries(images);
  const sizes = images.map((image) => image.bytes);
  const known = sizes.every((size): size is number => size !== undefined);
  return { fileName, entries, bytes: known ? zipBytes(entries.map((entry, i) => ({ name: entry.name, bytes: sizes[i] ?? 0 }))) : null };
}

/** A project's archive: the caller must own the project (the route checks); more than DOWNLOAD_MAX_GENERATIONS is a 409. */
export async function projectArchive(db: Database, space: SpaceRef, project: { id: string; name: string }): Promise<Archive> {
  const rows = await projectDownloadRows(db, space, project.id, DOWNLOAD_MAX_GENERATIONS + 1);
  if (rows.length > DOWNLOAD_MAX_GENERATIONS) throw new AppError('limit_reached', printMessages.projectTooLargeToDownload(DOWNLOAD_MAX_GENERATIONS));
  return archiveOf(`${slugOf(project.name, 'project')}.zip`, rows);
}

/** The caller's chosen generations (at most DOWNLOAD_MAX_GENERATIONS: the route's schema); any other's makes the whole request a 404. */
export async function selectionArchive(db: Database, space: SpaceRef, generationIds: readonly string[], now = new Date()): Promise<Archive> {
  const unique = [...new Set(generationIds)];
  if ((await heldCount(db, space, unique)) !== unique.length) throw new AppError('not_found', generalMessages.notFound, { field: 'generationIds' });
  const rows = await selectedDownloadRows(db, space, unique);
  return archiveOf(`${slugOf(PRODUCT_NAME, 'images')}-images-${now.toISOString().slice(0, 10)}.zip`, rows);
}

/** The streamed answer: private, never stored by a cache, saved under the archive's name. */
export function archiveResponse(c: AppContext, archive: Archive): Response {
  const headers: Record<string, string> = {
    'Content-Type': ZIP_CONTENT_TYPE,
    'Content-Disposition': `attachment; filename="${archive.fileName}"`,
    'Cache-Control': 'private, no-store',
    [ARCHIVE_IMAGES_HEADER]: String(archive.entries.length),
  };
  if (archive.bytes !== null) headers[ARCHIVE_BYTES_HEADER] = String(archive.bytes);
  return c.body(zipStream(c.env.MEDIA, archive.entries), 200, headers);
}
