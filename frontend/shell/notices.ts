import type { ComponentType } from 'react';
import { create } from 'zustand';
import { NOTICE_DURATION_MS } from '../ui/timings';

export type NoticeTone = 'info' | 'success' | 'warning' | 'error';

interface Notice {
  id: number;
  message: string;
  tone: NoticeTone;
}

interface NoticesState {
  notices: Notice[];
  /**
   * Shown above the notices once a feature puts it there: the download tray, which the first
   * download loads and sets (frontend/downloads/start.ts), so none of its code is the shell's.
   */
  tray?: ComponentType;
  show: (message: string, options?: { tone?: NoticeTone; durationMs?: number }) => number;
  dismiss: (id: number) => void;
}

/** Notices and banners last 5 s unless told otherwise (docs/decisions/0027). */
export { NOTICE_DURATION_MS };

let nextId = 1;

/**
 * In-app notices that replace the original product's browser alerts: shown in a live region so screen
 * readers announce them, dismissible, and gone after their time.
 */
export const useNotices = create<NoticesState>()((set, get) => ({
  notices: [],
  show: (message, options = {}) => {
    const id = nextId++;
    set({ notices: [...get().notices, { id, message, tone: options.tone ?? 'info' }] });
    const duration = options.durationMs ?? NOTICE_DURATION_MS;
    if (duration > 0) setTimeout(() => get().dismiss(id), duration);
    return id;
  },
  dismiss: (id) => set({ notices: get().notices.filter((notice) => notice.id !== id) }),
}));

export const notify = (message: string, options?: { tone?: NoticeTone; durationMs?: number }) =>
  useNotices.getState().show(message, options);
