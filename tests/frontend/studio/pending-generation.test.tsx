/**
 * The generation on its way is the generate mutation's (docs/decisions/0097-server-data-owners.md):
 * the pending bubble and the thumbnails of the jobs this tab sent are read from it, not kept in
 * the studio's draft.
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../frontend/queries/client';
import { isGenerating, submitGeneration, usePendingGeneration, useSentReferences } from '../../../frontend/studio/generate';
import { useStudio } from '../../../frontend/studio/store';
import { signInAs } from '../signed-in';
import { job } from './job-fixtures';

const pristine = useStudio.getState();
let client: QueryClient;
const revokeObjectURL = vi.fn<(url: string) => void>();

/** Answers that the test releases by hand, by "METHOD path". */
function heldAnswers() {
  const release = new Map<string, (response: Response) => void>();
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const path = new URL(input instanceof Request ? input.url : input, 'http://localhost').pathname;
    return new Promise<Response>((resolve) => release.set(`${init?.method ?? 'GET'} ${path}`, resolve));
  });
  return (key: string, response: Response) => {
    const answer = release.get(key);
    if (!answer) throw new Error(`${key} was not asked`);
    answer(response);
  };
}

function watch() {
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => ({ pending: usePendingGeneration(), sentReferences: useSentReferences() }), { wrapper });
}

beforeEach(() => {
  client = createQueryClient();
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  revokeObjectURL.mockClear();
  URL.revokeObjectURL = revokeObjectURL;
  useStudio.setState(pristine, true);
  signInAs(client);
});

afterEach(() => {
  client.clear();
  vi.restoreAllMocks();
});

describe('the generation on its way', () => {
  it('is the mutation in flight: uploading while a picked file is, then sending, then gone once the job is taken', async () => {
    const answer = heldAnswers();
    const { result } = watch();
    act(() => useStudio.getState().addReferenceFiles([new File(['x'], 'site.png', { type: 'image/png' })]));
    act(() => useStudio.getState().setPrompt('A pavilion on this site'));
    let submitted: Promise<void> = Promise.resolve();
    act(() => {
      submitted = submitGeneration(client);
    });
    expect(isGenerating(client)).toBe(true);
    await waitFor(() => expect(result.current.pending).toMatchObject({ prompt: 'A pavilion on this site', stage: 'uploading', model: 'concept', referenceUrls: ['blob:preview'] }));
    // The prompt left the box: the bubble shows it.
    expect(useStudio.getState().prompt).toBe('');

    act(() => answer('POST /api/uploads', Response.json({ path: 'references/u/site.png', url: '/m' }, { status: 201 })));
    await waitFor(() => expect(result.current.pending?.stage).toBe('generating'));

    const sent = job('j1', ['waiting']);
    await waitFor(() => answer('POST /api/generate', Response.json({ success: true, accepted: true, jobId: 'j1', generationId: 'j1', job: sent, creditsCharged: 4, creditsLeft: 8 }, { status: 202 })));
    await act(() => submitted);
    await waitFor(() => expect(result.current.pending).toBeNull());
    expect(isGenerating(client)).toBe(false);
    // The job's bubble keeps the thumbnails this tab sent; the draft let the files go.
    expect(result.current.sentReferences('j1')).toEqual(['blob:preview']);
    expect(result.current.sentReferences('another')).toEqual([]);
    expect(useStudio.getState().references).toEqual([]);
    // The preview stays readable while the bubble shows it, and is let go with the job's mutation.
    expect(revokeObjectURL).not.toHaveBeenCalled();
    client.getMutationCache().clear();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:preview');
  });
});
