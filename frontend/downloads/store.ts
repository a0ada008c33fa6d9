/**
 * The download under way, app-wide (Zustand, as notices are): every screen may start one
 * (frontend/downloads/start.ts), the shell's tray shows its progress and lets it be cancelled, and
 * it keeps going while the user moves to another screen. One at a time: the buttons that start
 * one wait while another runs. The shell never imports it: the screens that start downloads do,
 * and the shell loads the tray (which reads it) once the first download starts.
 */
import { create } from 'zustand';
import type { DownloadProgress } from './progress';

type DownloadStatus = 'opening' | 'working' | 'saved' | 'failed';

export interface CurrentDownload {
  fileName: string;
  status: DownloadStatus;
  progress: DownloadProgress | null;
  /** Where the bytes go, once known: a file the user picked, or a Blob saved at the end. */
  target: 'file' | 'blob' | null;
  /** Why it failed (the Worker's words when it gave some). */
  error: string | null;
}

interface DownloadsState {
  current: CurrentDownload | null;
  /** Set while a download runs: it cancels it. */
  controller: AbortController | null;
}

export const useDownloads = create<DownloadsState>()(() => ({ current: null, controller: null }));

export function isDownloading(state: DownloadsState): boolean {
  return state.controller !== null;
}

export function updateDownload(change: Partial<CurrentDownload>): void {
  useDownloads.setState((state) => (state.current ? { current: { ...state.current, ...change } } : state));
}

export function cancelDownload(): void {
  useDownloads.getState().controller?.abort();
}

/** Hides a finished or failed download's line. */
export function dismissDownload(): void {
  if (!useDownloads.getState().controller) useDownloads.setState({ current: null });
}
