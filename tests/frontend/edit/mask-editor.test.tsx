/**
 * The mask editor in the DOM: its keys, painting with a pointer, leaving with and without a
 * painted mask, and Send posting the contract's request (the Worker's route is faked at fetch).
 * jsdom has no <dialog> modality, layout, ResizeObserver or canvas: the first three are stood in
 * for below; the overlay is simply not drawn.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GenerateAcceptedResponse, JobSnapshot } from '#shared/job-types';
import { MaskEditor } from '../../../frontend/edit/MaskEditor';
import type { EditTarget } from '../../../frontend/edit/target';
import { createQueryClient } from '../../../frontend/queries/client';
import { jobKeys } from '../../../frontend/queries/jobs';
import { profileIn, signInAs, testUser } from '../signed-in';
import { job } from '../studio/job-fixtures';

const STAGE = { width: 800, height: 450 };
/** Send encodes a 1600 × 900 PNG first: on a busy machine that outlasts waitFor's default second. */
const SEND_WAIT_MS = 8000;
const target: EditTarget = { generationId: 'g1', imageIndex: 0, imageUrl: '/m/g1.webp', width: 1600, height: 900, prompt: 'A reading room', cost: 2 };

beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
  Element.prototype.setPointerCapture = () => undefined;
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  // The stage is the one box with a size: the image fits it exactly (16:9 in 16:9), at half its pixels.
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get(this: HTMLElement) { return this.classList.contains('mask-stage') ? STAGE.width : 0; } });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get(this: HTMLElement) { return this.classList.contains('mask-stage') ? STAGE.height : 0; } });
});

beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function open(editTarget: EditTarget = target) {
  const client = createQueryClient();
  signInAs(client, testUser({ id: 'u1', email: 'u1@example.com' }));
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <MaskEditor target={editTarget} onClose={onClose} />
    </QueryClientProvider>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Edit region' });
  return { client, onClose, dialog, stage: within(dialog).getByRole('group', { name: /^Image to mask/ }) };
}

/** A mouse stroke across the stage, in stage CSS px. */
function stroke(stage: HTMLElement, points: [number, number][]) {
  const [first, ...rest] = points;
  if (!first) return;
  fireEvent.pointerDown(stage, { pointerId: 1, pointerType: 'mouse', button: 0, clientX: first[0], clientY: first[1] });
  for (const [x, y] of rest) fireEvent.pointerMove(stage, { pointerId: 1, pointerType: 'mouse', clientX: x, clientY: y });
  const last = rest.at(-1) ?? first;
  fireEvent.pointerUp(stage, { pointerId: 1, pointerType: 'mouse', clientX: last[0], clientY: last[1] });
}

describe('the mask editor', () => {
  it('gives every tool a key, sizes the brush with [ and ], toggles the overlay with M, and leaves the field its own keys', () => {
    const { dialog } = open();
    const layout = dialog.firstElementChild as Element;
    const tools = within(within(dialog).getByRole('group', { name: 'Tools' })).getAllByRole('button');
    const toolPressed = () => tools.map((tool) => tool.getAttribute('aria-pressed'));
    expect(tools.map((tool) => tool.textContent)).toEqual(['Brush', 'Eraser', 'Rectangle', 'Lasso']);
    expect(toolPressed()).toEqual(['true', 'false', 'false', 'false']);
    expect(document.activeElement).toBe(tools[0]);
    fireEvent.keyDown(layout, { key: 'r' });
    expect(toolPressed()).toEqual(['false', 'false', 'true', 'false']);
    fireEvent.keyDown(layout, { key: 'L' });
    expect(toolPressed()).toEqual(['false', 'false', 'false', 'true']);
    fireEvent.keyDown(layout, { key: 'e' });
    expect(toolPressed()).toEqual(['false', 'true', 'false', 'false']);
    const size = within(dialog).getByRole('slider', { name: 'Size' });
    expect(size.getAttribute('aria-valuetext')).toBe('75 px');
    fireEvent.keyDown(size, { key: ']' });
    expect(size.getAttribute('aria-valuetext')).toBe('94 px');
    fireEvent.keyDown(layout, { key: 'm' });
    expect(within(dialog).getByRole('button', { name: 'Show mask' }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.keyDown(within(dialog).getByLabelText('What should change'), { key: 'b' });
    expect(toolPressed()).toEqual(['false', 'true', 'false', 'false']);
  });

  it('keeps its keys from the page beneath (the viewer listens on the document)', () => {
    const { dialog } = open();
    const beneath = vi.fn();
    document.addEventListener('keydown', beneath);
    fireEvent.keyDown(within(dialog).getByLabelText('What should change'), { key: 'ArrowRight' });
    fireEvent.keyDown(dialog.firstElementChild as Element, { key: 'b' });
    document.removeEventListener('keydown', beneath);
    expect(beneath).not.toHaveBeenCalled();
  });

  it('paints with a pointer as one undoable step, and says what is missing when Send cannot go', () => {
    const { dialog, stage, onClose } = open();
    fireEvent.click(within(dialog).getByRole('button', { name: /^Edit · 2 credits$/ }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Paint over the part of the image to change first.');
    const undo = within(dialog).getByRole('button', { name: 'Undo' });
    expect(undo).toHaveProperty('disabled', true);
    stroke(stage, [[200, 200], [260, 220], [320, 240]]);
    expect(undo).toHaveProperty('disabled', false);
    expect(within(dialog).getByRole('alert').textContent).toBe('Say what should change in the painted region.');
    fireEvent.click(undo);
    expect(undo).toHaveProperty('disabled', true);
    expect(within(dialog).getByRole('button', { name: 'Redo' })).toHaveProperty('disabled', false);
    // Nothing painted is left: leaving asks nothing.
    fireEvent(dialog, new Event('cancel'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('turns a one-finger stroke into a pinch when a second finger lands: nothing stays painted, nothing paints until both lift', () => {
    const { dialog, stage } = open();
    const touch = (type: 'pointerDown' | 'pointerMove' | 'pointerUp', pointerId: number, x: number, y: number) =>
      fireEvent[type](stage, { pointerId, pointerType: 'touch', isPrimary: pointerId === 1, clientX: x, clientY: y });
    touch('pointerDown', 1, 300, 200);
    touch('pointerMove', 1, 320, 200);
    touch('pointerDown', 2, 500, 260);
    touch('pointerMove', 2, 560, 300);
    touch('pointerUp', 2, 560, 300);
    touch('pointerMove', 1, 200, 100);
    touch('pointerUp', 1, 200, 100);
    expect(within(dialog).getByRole('button', { name: 'Undo' })).toHaveProperty('disabled', true);
    // One finger alone paints.
    touch('pointerDown', 3, 300, 200);
    touch('pointerMove', 3, 340, 210);
    touch('pointerUp', 3, 340, 210);
    expect(within(dialog).getByRole('button', { name: 'Undo' })).toHaveProperty('disabled', false);
  });

  it('asks before discarding a painted mask on Escape; Escape again keeps editing', () => {
    const { dialog, stage, onClose } = open();
    stroke(stage, [[100, 100], [150, 100]]);
    fireEvent(dialog, new Event('cancel'));
    const prompt = within(dialog).getByRole('alertdialog', { name: 'Discard this mask?' });
    expect(document.activeElement).toBe(within(prompt).getByRole('button', { name: 'Keep editing' }));
    fireEvent(dialog, new Event('cancel'));
    expect(within(dialog).queryByRole('alertdialog')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('opens from a pinned comment ready to send: its words, a circle at the pin, Send focused; leaving asks nothing', () => {
    const { dialog, onClose } = open({ ...target, instruction: 'Could the sofa be green velvet?', pin: { x: 0.5, y: 0.7 } });
    expect(within(dialog).getByLabelText('What should change')).toHaveProperty('value', 'Could the sofa be green velvet?');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Edit · 2 credits' }));
    expect(within(dialog).getByRole('button', { name: 'Undo' })).toHaveProperty('disabled', false);
    fireEvent(dialog, new Event('cancel'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('sends the mask as a PNG of the source’s size with the instruction, as a job with an Idempotency-Key, and hands the job on', async () => {
    const queued: JobSnapshot = job('e1', ['waiting'], { prompt: 'Could the sofa be green velvet?', parentId: 'g1' });
    const accepted: GenerateAcceptedResponse = { success: true, accepted: true, jobId: 'e1', generationId: 'e1', job: queued, creditsCharged: 2, creditsLeft: 10 };
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(accepted), { status: 202, headers: { 'Content-Type': 'application/json' } }));
    const { client, dialog, onClose } = open({ ...target, instruction: 'Could the sofa be green velvet?', pin: { x: 0.5, y: 0.7 } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Edit · 2 credits' }));
    });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1), { timeout: SEND_WAIT_MS });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/generations/g1/images/0/edits');
    const headers = new Headers(init?.headers);
    expect(init?.method).toBe('POST');
    expect(headers.get('Prefer')).toBe('respond-async');
    expect(headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(headers.get('Authorization')).toBe('Bearer token');
    expect(typeof init?.body).toBe('string');
    const body = JSON.parse(init?.body as string) as { instruction: string; mask: string; model?: string };
    expect(body.instruction).toBe('Could the sofa be green velvet?');
    expect(body.model).toBeUndefined();
    const png = Uint8Array.from(atob(body.mask), (char) => char.charCodeAt(0));
    const view = new DataView(png.buffer);
    expect([...png.subarray(1, 4)].map((code) => String.fromCharCode(code)).join('')).toBe('PNG');
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([1600, 900]);
    expect(client.getQueryData<JobSnapshot[]>(jobKeys.of('u1'))?.map((entry) => entry.id)).toEqual(['e1']);
    expect(profileIn(client, 'u1')?.credits).toBe(10);
  }, SEND_WAIT_MS * 2);

  it('keeps the mask and shows the Worker’s words when the edit is refused', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ error: { code: 'insufficient_credits', message: 'Not enough credits! You need 2 credit(s) for Standard Parti Engine.' } }), { status: 402, headers: { 'Content-Type': 'application/json' } }),
    );
    const { dialog, onClose } = open({ ...target, instruction: 'Remove the car', pin: { x: 0.2, y: 0.8 } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Edit · 2 credits' }));
    });
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('Not enough credits! You need 2 credit(s) for Standard Parti Engine.'), { timeout: SEND_WAIT_MS });
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('button', { name: 'Undo' })).toHaveProperty('disabled', false);
  }, SEND_WAIT_MS * 2);
});
