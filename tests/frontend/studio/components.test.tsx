import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render as renderDom, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { creditMessages, galleryMessages, studioMessages } from '#shared/messages';
import { CreditRing } from '../../../frontend/studio/CreditRing';
import { InputBar } from '../../../frontend/studio/InputBar';
import { createQueryClient } from '../../../frontend/queries/client';
import { useAuth } from '../../../frontend/auth/store';
import { useStudio } from '../../../frontend/studio/store';
import { signInAs, testUser } from '../signed-in';

const pristine = useStudio.getState();
let client = createQueryClient();
const render = (ui: ReactElement) => renderDom(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);

function signIn(credits: number, plan: 'free' | 'pro' | 'enterprise' = 'free') {
  signInAs(client, testUser({ credits, plan }));
}

beforeEach(() => {
  client = createQueryClient();
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  useStudio.setState(pristine, true);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('credit ring', () => {
  it('is disabled for enterprise with the tooltip', () => {
    render(<CreditRing credits={0} plan="enterprise" />);
    const ring = screen.getByRole('button', { name: creditMessages.unlimitedCredits });
    expect((ring as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('tooltip').textContent).toBe(creditMessages.unlimitedCredits);
  });

  it('shows the balance and fills credits / 100', () => {
    const { container } = render(<CreditRing credits={25} plan="free" />);
    const ring = screen.getByRole('link', { name: /25 credits/ });
    expect(ring.getAttribute('href')).toBe('/credits');
    const fill = container.querySelector('.studio-ring-fill');
    const circumference = Number(fill?.getAttribute('stroke-dasharray'));
    expect(Number(fill?.getAttribute('stroke-dashoffset'))).toBeCloseTo(circumference * 0.75);
  });
});

describe('input bar', () => {
  it('keeps send as send, disabled, while the prompt is empty; the credit ring leads to the credit history', () => {
    signIn(12);
    render(<InputBar />);
    expect(screen.getByRole('button', { name: 'Generate' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('link', { name: '12 credits left. View credit history' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Prompt' }).getAttribute('placeholder')).toBe(studioMessages.placeholder);
  });

  it("says 'Need {n} credits for {Model}' when the balance is short", () => {
    signIn(1);
    useStudio.setState({ prompt: 'A house' });
    render(<InputBar />);
    const button = screen.getByRole('button', { name: 'Generate' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('tooltip').textContent).toBe('Need 2 credits for Standard');
  });

  it('enables Generate with enough credits, and shows the refine placeholder and the Concept hint with images', () => {
    signIn(12);
    useStudio.setState({
      prompt: 'A house',
      refineMode: true,
      model: 'concept',
      selected: [{ id: 'b-0', batchId: 'b', index: 0, url: '/u', thumbnailUrl: '/t', storagePath: 'generations/u/b/0.jpg', width: 1, height: 1, placeholder: null, renditions: [], name: null }],
    });
    render(<InputBar />);
    expect(screen.getByRole('button', { name: 'Generate' }).getAttribute('aria-disabled')).toBe('false');
    expect(screen.getByRole('textbox', { name: 'Prompt' }).getAttribute('placeholder')).toBe(studioMessages.refinePlaceholder);
    expect(screen.getByText(studioMessages.onlyConceptWithImages)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Fast' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Concept' }).disabled).toBe(false);
  });
});

describe('a batch in the history', () => {
  const batch = {
    id: 'b1', prompt: 'A tower', model: 'Fast', referenceUrls: [], createdAt: '2026-01-01T00:00:00.000Z', liked: false, likeCount: 3, preview: false,
    images: [{ id: 'b1-0', batchId: 'b1', index: 0, url: '/u', thumbnailUrl: '/t', storagePath: 'generations/u/b/0.jpg', width: 1, height: 1, placeholder: null, renditions: [], name: null }],
  };

  it('asks a signed-out user to sign in to like, and sends nothing', async () => {
    const { BatchView } = await import('../../../frontend/studio/BatchView');
    const { useNotices } = await import('../../../frontend/shell/notices');
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    useAuth.setState({ status: 'signedOut', userId: null, accessToken: null });
    render(<BatchView batch={batch} onOpen={() => undefined} />);
    screen.getByRole('button', { name: 'Like' }).click();
    expect(useNotices.getState().notices.map((notice) => notice.message)).toContain(galleryMessages.pleaseSignInToLike);
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });
});
