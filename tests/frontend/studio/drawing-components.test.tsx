/**
 * Starting from a drawing in the studio's DOM (docs/decisions/0093-drawing-inputs-ui.md): the
 * entry picks a file whose upload's guess is preselected beside its thumbnail, the user changes
 * type and step, and Generate sends both; a scored view's tile carries its badge. The Worker's
 * routes are faked at fetch.
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render as renderDom, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../frontend/queries/client';
import { BatchView } from '../../../frontend/studio/BatchView';
import { History } from '../../../frontend/studio/History';
import { ReferenceStrip } from '../../../frontend/studio/ReferenceStrip';
import { submitGeneration } from '../../../frontend/studio/generate';
import { batchFromJob } from '../../../frontend/studio/jobs';
import { useStudio } from '../../../frontend/studio/store';
import { job, jobImage } from './job-fixtures';
import { signInAs } from '../signed-in';

let client: QueryClient;
const render = (ui: ReactElement) => renderDom(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
const pristine = useStudio.getState();

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The upload answers with the Worker's guess; generate records its body. */
function fakeWorker(suggestedInputType: string) {
  const generated: unknown[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input, 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    if (key === 'POST /api/uploads') return json({ path: 'references/u/elevation.png', url: '/media/references/u/elevation.png', suggestedInputType }, 201);
    if (key === 'POST /api/generate') {
      generated.push(typeof init?.body === 'string' ? JSON.parse(init.body) : null);
      const snapshot = job('j1', ['waiting'], { model: 'concept' });
      return json({ success: true, accepted: true, jobId: 'j1', generationId: 'j1', job: snapshot, creditsCharged: 4, creditsLeft: 8 }, 202);
    }
    return json({ error: { code: 'not_found', message: 'Not found.' } }, 404);
  });
  return generated;
}

beforeEach(() => {
  client = createQueryClient();
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  vi.stubGlobal('Image', class {
    set src(_: string) {}
  });
  useStudio.setState(pristine, true);
  signInAs(client);
});

afterEach(() => {
  cleanup();
  client.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('start from my drawing', () => {
  it('is a way into an empty studio: the chosen file becomes the input, its guess preselected', async () => {
    const generated = fakeWorker('drawing');
    render(
      <>
        <History entries={[]} onOpen={() => undefined} startDrawing={false} />
        <ReferenceStrip />
      </>,
    );
    const entry = screen.getByRole('region', { name: 'Start from my drawing' });
    expect(within(entry).getByRole('button', { name: 'Choose a drawing' })).toBeTruthy();
    const file = new File(['x'], 'elevation.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('drawing-start-input'), { target: { files: [file] } });

    const question = await screen.findByRole('group', { name: 'What is elevation.png?' });
    await waitFor(() => expect(within(question).getByRole('radio', { name: 'Plan or elevation' })).toHaveProperty('checked', true));
    const slider = within(question).getByRole('slider', { name: 'How closely to follow it' });
    expect(slider.getAttribute('aria-valuetext')).toBe('Most precise, 5 of 5: follows every line, exactly');

    // The user says it is a sketch (its own default step), then moves one step towards Creative.
    fireEvent.click(within(question).getByRole('radio', { name: 'Hand sketch' }));
    expect(within(question).getByRole('radio', { name: 'Hand sketch' })).toHaveProperty('checked', true);
    expect(slider.getAttribute('aria-valuetext')).toBe('Precise, 4 of 5: follows its lines, closely');
    fireEvent.change(slider, { target: { value: '3' } });
    expect(slider.getAttribute('aria-valuetext')).toBe('Balanced, 3 of 5: follows its main lines');

    useStudio.getState().setPrompt('A brick library on a quiet square');
    await submitGeneration(client);
    expect(generated).toEqual([expect.objectContaining({ referenceImages: ['references/u/elevation.png'], inputType: 'sketch', fidelity: 3, model: 'concept' })]);
  });

  it('asks nothing, and sends no input type, when a selected result goes first', async () => {
    const generated = fakeWorker('sketch');
    const image = batchFromJob(job('old', ['done'])).images[0];
    if (!image) throw new Error('the fixture has an image');
    useStudio.getState().toggleSelected(image);
    useStudio.getState().addReferenceFiles([new File(['x'], 'site.png', { type: 'image/png' })]);
    render(<ReferenceStrip />);
    await waitFor(() => expect(useStudio.getState().references[0]?.status).toBe('ready'));
    expect(screen.queryByRole('group', { name: /^What is/ })).toBeNull();

    useStudio.getState().setPrompt('Warmer light');
    await submitGeneration(client);
    expect(generated[0]).not.toHaveProperty('inputType');
    expect(generated[0]).not.toHaveProperty('fidelity');
  });

  it('waits at the foot of a history when the address asks for it', () => {
    const batch = batchFromJob(job('g1', ['done']));
    const { rerender } = render(<History entries={[{ kind: 'batch', batch }]} onOpen={() => undefined} startDrawing />);
    expect(screen.getByRole('region', { name: 'Start from my drawing' })).toBeTruthy();
    rerender(
      <QueryClientProvider client={client}>
        <History entries={[{ kind: 'batch', batch }]} onOpen={() => undefined} startDrawing={false} />
      </QueryClientProvider>,
    );
    expect(screen.queryByRole('region', { name: 'Start from my drawing' })).toBeNull();
  });
});

describe('a scored view in the studio', () => {
  it('carries its badge, explained in one line, and says when it was re-rendered', () => {
    const scored = { ...jobImage('g1', 0), fidelity: { score: 0.934, retried: false } };
    const retried = { ...jobImage('g1', 1), index: 1, fidelity: { score: 0.81, retried: true } };
    const batch = batchFromJob(job('g1', ['done', 'done'], { result: undefined, views: [{ index: 0, status: 'done', image: scored }, { index: 1, status: 'done', image: retried }] }));
    render(<BatchView batch={batch} onOpen={() => undefined} />);
    const first = screen.getByRole('button', { name: 'Geometry kept 93 %' });
    expect(first.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(first.getAttribute('aria-describedby') ?? '')?.textContent).toBe('The share of your drawing’s lines this render kept in place.');
    const second = screen.getByRole('button', { name: 'Geometry kept 81 % Re-rendered once' });
    expect(document.getElementById(second.getAttribute('aria-describedby') ?? '')?.textContent).toContain('Re-rendered once to keep your geometry.');
    // A tap shows the explanation where there is no hover; the next tap hides it.
    fireEvent.click(first);
    expect(first.parentElement?.classList.contains('is-open')).toBe(true);
    fireEvent.click(first);
    expect(first.parentElement?.classList.contains('is-open')).toBe(false);
  });
});
