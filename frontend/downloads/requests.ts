/**
 * What each way of downloading asks for and saves as: a project's ZIP named after the project, a
 * review link's named after its project, a dashboard selection named by the day
 * (docs/decisions/0090-print-ui.md).
 */
import { fileSlug } from '#shared/version-names';
import { requestProjectZip, requestReviewZip, requestSelectionZip } from './api';
import { downloadCopy } from './copy';
import type { SaveFile } from './save-target';
import type { StreamedDownload } from './stream-download';

export function zipFile(stem: string): SaveFile {
  return { name: `${stem}.zip`, mimeType: 'application/zip', extension: '.zip', description: downloadCopy.zipDescription };
}

/** `riverside-library.zip`: every image of the project. */
export function projectDownload(project: { id: string; name: string }, imageCount: number): StreamedDownload {
  return { file: zipFile(fileSlug(project.name) || 'parti'), expectedEntries: imageCount, request: (signal) => requestProjectZip(project.id, signal) };
}

/** The images a review link shows, named after its project. */
export function reviewDownload(token: string, projectName: string, imageCount: number): StreamedDownload {
  return { file: zipFile(fileSlug(projectName) || 'parti'), expectedEntries: imageCount, request: (signal) => requestReviewZip(token, signal) };
}

/** `parti-images-2026-11-26.zip`, as the Worker names it: the generations chosen on the dashboard. */
export function selectionDownload(generationIds: readonly string[], imageCount: number, today: Date): StreamedDownload {
  const day = today.toISOString().slice(0, 10);
  return { file: zipFile(`parti-images-${day}`), expectedEntries: imageCount, request: (signal) => requestSelectionZip(generationIds, signal) };
}
