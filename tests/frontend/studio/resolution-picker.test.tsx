import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render as renderDom, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { printMessages } from '#shared/messages';
import { MODELS } from '#shared/models';
import { PRINT_CREDITS_PER_VIEW } from '#shared/print';
import { createQueryClient } from '../../../frontend/queries/client';
import { InputBar } from '../../../frontend/studio/InputBar';
import { useStudio } from '../../../frontend/studio/store';
import { signInAs, testUser } from '../signed-in';

const pristine = useStudio.getState();
let client = createQueryClient();
const render = (ui: ReactElement) => renderDom(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);

function signIn(plan: 'free' | 'pro' | 'enterprise', credits = 50) {
  signInAs(client, testUser({ credits, plan }));
}

beforeEach(() => {
  client = createQueryClient();
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
  useStudio.setState(pristine, true);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Opens the chip's choices and returns them. */
function openChoices() {
  const chip = screen.getByText('1K', { selector: 'summary' });
  fireEvent.click(chip);
  return within(screen.getByRole('group', { name: 'Resolution' }));
}

describe('the resolution chip', () => {
  it('shows the free plan 4K disabled, with the one-line reason and the way to pricing; the seed’s choices stay', () => {
    signIn('free');
    render(<InputBar />);
    const choices = openChoices();
    const print = choices.getByRole('radio', { name: /4K/ });
    expect((print as HTMLInputElement).disabled).toBe(true);
    expect(print.getAttribute('aria-describedby')).toBeTruthy();
    const reason = document.getElementById(print.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe(`${printMessages.printDisabledReason} See plans`);
    expect(within(reason ?? document.body).getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/pricing');
    fireEvent.click(choices.getByRole('radio', { name: /2K/ }));
    expect(useStudio.getState().resolution).toBe('2K');
  });

  it('lets a paid plan pick 4K, priced per view, and the generate button counts the views', () => {
    signIn('pro', PRINT_CREDITS_PER_VIEW.standard ?? 0);
    render(<InputBar />);
    const choices = openChoices();
    expect(choices.getByRole('radio', { name: /1K/ }).closest('label')?.textContent).toBe(`1K${MODELS.standard.credits} credits`);
    const print = choices.getByRole('radio', { name: /4K/ });
    expect(print.closest('label')?.textContent).toBe(`4K${PRINT_CREDITS_PER_VIEW.standard} credits per view`);
    fireEvent.click(print);
    expect(useStudio.getState().resolution).toBe('4K');
    expect(screen.getByText('4K', { selector: 'summary' })).toBeTruthy();
    // Four views at 4K cost four times the price per view: one view's credits are not enough.
    fireEvent.change(screen.getByRole('textbox', { name: 'Prompt' }), { target: { value: 'A library' } });
    expect(screen.getByRole('tooltip').textContent).toBe(`Need ${4 * (PRINT_CREDITS_PER_VIEW.standard ?? 0)} credits for Standard`);
  });

  it('shows no prices on an unlimited plan', () => {
    signIn('enterprise', 0);
    render(<InputBar />);
    const choices = openChoices();
    expect(choices.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['1K', '2K', '4K']);
  });
});
