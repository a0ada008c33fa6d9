/** The studio's batches in the DOM: a job's progress and Cancel, and a finished batch's like, delete and keys. */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render as renderDom, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jobMessages, studioMessages } from '#shared/messages';
import type { JobSnapshot } from '#shared/job-types';
import { BatchView } from '../../../frontend/studio/BatchView';
import { JobBatch } from '../../../frontend/studio/JobBatch';
import { batchFromJob, jobBatchView } from '../../../frontend/studio/jobs';
import { createQueryClient } from '../../../frontend/queries/client';
import { jobKeys } from '../../../frontend/queries/jobs';
import { useNotices } from '../../../frontend/shell/notices';
import { job } from './job-fixtures';
import { profileIn, signInAs, testUser } from '../signed-in';

let client: QueryClient;
const render = (ui: ReactElement) => renderDom(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
const notices = () => useNotices.getState().notices.map((notice) => notice.message);

beforeEach(() => {
  client = createQueryClient();
  useNotices.setState({ notices: [] });
  signInAs(client, testUser({ credits: 10 }));
});

afterEach(() => {
  cleanup();
  client.clear();
  vi.restoreAllMocks();
});

describe('a job in the history', () => {
  it('shows a line per view and the images that landed', () => {
    render(<JobBatch job={jobBatchView(job('j', ['done', 'generating', 'waiting', 'failed']))} onOpen={() => undefined} />);
    const lines = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(lines).toEqual(['View 1: done', 'View 2: generating…', 'View 3: waiting', 'View 4: failed']);
    expect(screen.getAllByRole('button', { name: /^Open image/ })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Open image 1 of 4' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('cancels before any view starts, shows the refund and reads the balance it gave back', async () => {
    const cancelled: JobSnapshot = job('j', ['waiting', 'waiting'], { status: 'cancelled', creditsRefunded: 2 });
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      new URL(input instanceof Request ? input.url : input, 'http://localhost').pathname === '/api/me' ? Response.json(testUser({ credits: 12 })) : Response.json(cancelled),
    );
    client.setQueryData(jobKeys.of('u'), [job('j', ['waiting', 'waiting'])]);
    render(<JobBatch job={jobBatchView(job('j', ['waiting', 'waiting']))} onOpen={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(notices()).toContain(studioMessages.cancelled(2)));
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect([init?.method, url]).toEqual(['POST', '/api/jobs/j/cancel']);
    expect(client.getQueryData<JobSnapshot[]>(jobKeys.of('u'))?.[0]?.status).toBe('cancelled');
    // The cancelled answer carries no balance: GET /api/me says what came back.
    await waitFor(() => expect(profileIn(client)?.credits).toBe(12));
  });

  it('says it is too late to cancel once a view started (409)', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({ error: { code: 'job_started', message: jobMessages.cannotCancel } }, { status: 409 }));
    render(<JobBatch job={jobBatchView(job('j', ['waiting']))} onOpen={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(notices()).toContain(jobMessages.cannotCancel));
  });

  it('says under a finished batch how many of its views failed, and nothing under a whole one', () => {
    const { unmount } = render(<BatchView batch={batchFromJob(job('p', ['done', 'failed', 'done']))} onOpen={() => undefined} />);
    expect(screen.getByRole('status').textContent).toBe(studioMessages.someViewsFailed(1, 3));
    expect(screen.getAllByRole('button', { name: /^Open image/ })).toHaveLength(2);
    unmount();
    render(<BatchView batch={batchFromJob(job('w', ['done', 'done']))} onOpen={() => undefined} />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows why a failed job failed and the refund', () => {
    render(<JobBatch job={jobBatchView(job('j', ['failed', 'failed'], { failureReason: 'timeout', creditsRefunded: 2 }))} onOpen={() => undefined} />);
    expect(screen.getByRole('status').textContent).toContain(studioMessages.refunded(2));
    expect(screen.getByRole('status').textContent).toContain(studioMessages.failureReasons.timeout);
  });
});

describe('a finished batch', () => {
  const batch = batchFromJob(job('b', ['done', 'done', 'done', 'done']));

  it('has one like for the batch, not a heart on each image', () => {
    render(<BatchView batch={batch} onOpen={() => undefined} />);
    expect(screen.getAllByRole('button', { name: 'Like' })).toHaveLength(1);
  });

  it('deletes only on a second click', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
    render(<BatchView batch={batch} onOpen={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete batch' }));
    expect(fetchSpy).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Click again to delete' }));
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    expect(fetchSpy.mock.calls[0]?.[0]).toBe('/api/generations/b');
  });

  it('is one tab stop; the arrow keys move between its images', () => {
    render(<BatchView batch={batch} onOpen={() => undefined} />);
    const tiles = screen.getAllByRole('button', { name: /^Open image/ });
    expect(tiles.map((tile) => tile.tabIndex)).toEqual([0, -1, -1, -1]);
    tiles[0]?.focus();
    fireEvent.keyDown(tiles[0] as HTMLElement, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(tiles[2]);
    expect(screen.getAllByRole('button', { name: /^Open image/ }).map((tile) => tile.tabIndex)).toEqual([-1, -1, 0, -1]);
    // Each tile's buttons name their image (docs/decisions/0091-studio-polish.md).
    const downloads = screen.getAllByRole('button', { name: /^Download: image \d of 4$/ }).map((button) => button.tabIndex);
    expect(downloads).toEqual([-1, -1, 0, -1]);
    expect(screen.getByRole('button', { name: 'Download: image 3 of 4' }).tabIndex).toBe(0);
  });
});
