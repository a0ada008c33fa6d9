/**
 * The jobs this tab queued from outside the studio (a region edit, an upscale), newest last: the
 * project page says when one of them failed, and why, until it is dismissed. UI memory of this
 * tab only (Zustand), beside the jobs cache that holds the jobs themselves.
 */
import { create } from 'zustand';

interface SentJobsState {
  ids: string[];
  sent: (jobId: string) => void;
  forget: (jobId: string) => void;
}

export const useSentJobs = create<SentJobsState>()((set) => ({
  ids: [],
  sent: (jobId) => set((state) => ({ ids: [...state.ids.filter((id) => id !== jobId), jobId] })),
  forget: (jobId) => set((state) => ({ ids: state.ids.filter((id) => id !== jobId) })),
}));
