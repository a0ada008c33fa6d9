/**
 * The board in the DOM: how sharp each chosen image prints, the warning below 200 dpi with the
 * upscale one press away (the Worker's route faked at fetch), and the upscale taking its source's
 * place when it lands.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GenerateAcceptedResponse } from '#shared/job-types';
import { upscaleQuote } from '#shared/print';
import { BoardBuilder } from '../../../frontend/board/BoardBuilder';
import { boardImagesOf, type BoardGeneration } from '../../../frontend/board/board-model';
import { boardPrint } from '../../../frontend/board/print-resolution';
import { createQueryClient } from '../../../frontend/queries/client';
import { signInAs, testUser } from '../signed-in';
import { job } from '../studio/job-fixtures';

const generation = (id: string, width: number, height: number, extra: Partial<BoardGeneration> = {}): BoardGeneration => ({
  id,
  version: null,
  prompt: `View ${id}`,
  createdAt: '2026-11-20T09:30:00.000Z',
  images: [{ url: `/media/${id}.jpg`, thumbnailUrl: `/media/${id}-t.webp`, width, height, renditions: [] }],
  ...extra,
});
const small = generation('small', 1024, 576);
const upscaled = generation('up', 2048, 1152, { kind: 'upscale', upscale: { sourceId: 'small', sourceIndex: 0 } });

beforeAll(() => {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function board(generations: BoardGeneration[], client = createQueryClient()) {
  signInAs(client, testUser({ id: 'u1', email: 'u1@example.com', credits: 20, plan: 'pro' }));
  const ui = (list: BoardGeneration[]) => (
    <QueryClientProvider client={client}>
      <BoardBuilder projectName="Riverside Library" brief={{}} images={boardImagesOf(list)} masters upscale />
    </QueryClientProvider>
  );
  const view = render(ui(generations));
  return { rerender: (list: BoardGeneration[]) => view.rerender(ui(list)) };
}

// The board's default fit is cover (board-model.ts defaultSettings).
const dpiOn = (generations: BoardGeneration[], paper: 'A3' | 'A4', perPage: 1 | 2 | 4 | 6) => {
  const images = boardImagesOf(generations);
  return boardPrint(images.map((image) => ({ image, caption: '' })), paper, perPage, 'cover').map((print) => print.dpi);
};

/** The whole builder re-renders on every press: alone it takes about 2 s in jsdom, beside the other suites more than vitest's 5 s. */
const BUILDER_TEST_MS = 20_000;

describe('the board’s print resolution', () => {
  it('says what each image prints at, and below 200 dpi asks to upscale, with the price, one press away', { timeout: BUILDER_TEST_MS }, async () => {
    const queued = job('u2', ['waiting'], { kind: 'upscale', parentId: 'small', prompt: 'View small' });
    const accepted: GenerateAcceptedResponse = { success: true, accepted: true, jobId: 'u2', generationId: 'u2', job: queued, creditsCharged: 3, creditsLeft: 17 };
    const json = (body: unknown, status: number) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    // The upscale route answers the job; the jobs list, read by the board to follow it, holds it.
    const isUpscale = (input: RequestInfo | URL) => (input instanceof Request ? input.url : input.toString()).endsWith('/upscale');
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation((input) =>
      Promise.resolve(isUpscale(input) ? json(accepted, 202) : json({ jobs: [queued] }, 200)),
    );
    const { rerender } = board([small]);
    fireEvent.click(within(screen.getByRole('group', { name: 'Choose images' })).getAllByRole('button')[0] as HTMLElement);
    fireEvent.click(screen.getByRole('radio', { name: 'A4' }));
    fireEvent.click(screen.getByRole('radio', { name: '6 up' }));
    const [a4Six] = dpiOn([small], 'A4', 6);
    expect(screen.getByText(`Prints at ${a4Six} dpi`)).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'A3' }));
    fireEvent.click(screen.getByRole('radio', { name: '1 up' }));
    const [a3One] = dpiOn([small], 'A3', 1);
    expect(a3One).toBeLessThan(200);
    expect(screen.getByText(`This view prints at ${a3One} dpi on A3; upscale it?`)).toBeTruthy();
    const quote = upscaleQuote(1024, 576);
    const upscale = screen.getByRole('button', { name: `Upscale ×2 · ${quote?.credits} credits` });
    await act(async () => {
      fireEvent.click(upscale);
    });
    const [url, init] = fetch.mock.calls.find(([input]) => isUpscale(input)) ?? [];
    expect(url).toBe('/api/generations/small/images/0/upscale');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Prefer')).toBe('respond-async');
    expect(await screen.findByText('Upscaling… the board takes the sharper version when it is ready.')).toBeTruthy();

    // The project's next answer carries the upscale: it takes the image's place, caption and all.
    const caption = screen.getByRole<HTMLInputElement>('textbox', { name: 'Caption of image 1' });
    fireEvent.change(caption, { target: { value: 'North elevation' } });
    rerender([small, upscaled]);
    const [, upscaledDpi] = dpiOn([small, upscaled], 'A3', 1);
    expect(screen.getByText(`This view prints at ${upscaledDpi} dpi on A3; upscale it?`)).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Caption of image 1' }).value).toBe('North elevation');
    expect(screen.getByRole('group', { name: 'Choose images' }).querySelectorAll('[aria-pressed="true"]')).toHaveLength(1);
  });

  it('marks a low cell on the sheet and offers lossless masters to a paid owner', () => {
    board([small]);
    fireEvent.click(within(screen.getByRole('group', { name: 'Choose images' })).getAllByRole('button')[0] as HTMLElement);
    fireEvent.click(screen.getByRole('radio', { name: '1 up' }));
    const [dpi] = dpiOn([small], 'A3', 1);
    const sheet = screen.getByRole('figure', { name: 'Preview: Page 1 of 1' });
    expect(sheet.querySelector('.board-sheet__low')?.textContent).toBe(`${dpi} dpi`);
    expect(screen.getByRole('checkbox', { name: 'Lossless images (PNG masters)' })).toBeTruthy();
  });
});
