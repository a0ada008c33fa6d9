/** The brief panel in the DOM: presets fill a field, the preview reads the draft, Save sends every field once changed. */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProjectDetail } from '#shared/project-types';
import { SEASON_PRESETS } from '#shared/presets';
import { BRIEF_FIELD_MAX_CHARS } from '#shared/limits';
import { BriefPanel } from '../../../frontend/projects/BriefPanel';
import { createQueryClient } from '../../../frontend/queries/client';

const project: ProjectDetail = {
  id: 'p1', name: 'Riverside library', brief: { summary: 'A library', site: 'a river bank' }, briefVersion: 3, heroGenerationId: null,
  createdAt: '2026-11-23T10:00:00.000Z', updatedAt: '2026-11-23T10:00:00.000Z', workspaceId: null, generations: [],
};

let client: QueryClient;
let sent: unknown[];

beforeEach(() => {
  client = createQueryClient();
  sent = [];
  vi.stubGlobal('fetch', vi.fn(async (_url: string, init?: RequestInit) => {
    sent.push(JSON.parse(typeof init?.body === 'string' ? init.body : '{}'));
    return Response.json({ ...project, briefVersion: 4 });
  }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the brief panel', () => {
  it('fills a field from a preset, previews the words and saves every field', async () => {
    render(<QueryClientProvider client={client}><BriefPanel project={project} /></QueryClientProvider>);
    expect(screen.getByText('Brief v3')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Saved' });
    expect(save.hasAttribute('disabled')).toBe(true);
    const monsoon = SEASON_PRESETS.find((option) => option.id === 'monsoon');
    if (!monsoon) throw new Error('no monsoon preset');
    const chip = within(screen.getByRole('group', { name: 'Season & weather presets' })).getByRole('button', { name: monsoon.label });
    fireEvent.click(chip);
    expect(screen.getByLabelText<HTMLTextAreaElement>('Season & weather').value).toBe(monsoon.words);
    expect(chip.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText(`Design brief: A library. Site: a river bank. Season and weather: ${monsoon.words}.`)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Site'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save brief' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ brief: { summary: 'A library', materials: '', palette: '', site: '', timeOfDay: '', season: monsoon.words } });
  });

  it('caps every field and counts near the cap', () => {
    render(<QueryClientProvider client={client}><BriefPanel project={project} /></QueryClientProvider>);
    const summary = screen.getByLabelText<HTMLTextAreaElement>('Summary');
    expect(summary.maxLength).toBe(BRIEF_FIELD_MAX_CHARS);
    expect(screen.queryByText(`450 / ${BRIEF_FIELD_MAX_CHARS}`)).toBeNull();
    fireEvent.change(summary, { target: { value: 'x'.repeat(450) } });
    expect(screen.getByText(`450 / ${BRIEF_FIELD_MAX_CHARS}`)).toBeTruthy();
  });
});
