/**
 * The notices in the studio's dock: out of credits (the original's words, Buy, a model the balance
 * still pays for) and the connection (offline, the live channel down, back).
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render as renderDom, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { studioMessages, studioUiMessages } from '#shared/messages';
import { createQueryClient } from '../../../frontend/queries/client';
import { useLiveStatus } from '../../../frontend/realtime/store';
import { ConnectionNotice } from '../../../frontend/studio/ConnectionNotice';
import { CreditsNotice } from '../../../frontend/studio/CreditsNotice';
import { useStudio, type StudioImage } from '../../../frontend/studio/store';
import { NOTICE_DURATION_MS } from '../../../frontend/ui/timings';
import { signInAs, testUser } from '../signed-in';

const pristine = useStudio.getState();
let client = createQueryClient();
const render = (ui: ReactElement) => renderDom(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);

function signIn(credits: number, plan: 'free' | 'pro' | 'enterprise' = 'free') {
  signInAs(client, testUser({ credits, plan }));
}

beforeEach(() => {
  client = createQueryClient();
  useStudio.setState(pristine, true);
  useLiveStatus.setState({ status: 'idle' });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the credits notice', () => {
  it('says nothing while the balance pays for the chosen model', () => {
    signIn(2);
    render(<CreditsNotice />);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it("says the original's words with a Buy button to pricing, and offers the model the balance still pays for", () => {
    signIn(1);
    render(<CreditsNotice />);
    expect(screen.getByRole('status').textContent).toContain(studioMessages.notEnoughCredits(2, 'Standard'));
    expect(screen.getByRole('link', { name: studioUiMessages.buyCredits }).getAttribute('href')).toBe('/pricing');
    fireEvent.click(screen.getByRole('button', { name: 'Use Fast (1 credit)' }));
    expect(useStudio.getState().model).toBe('fast');
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('offers no other model while images allow only Concept, and nothing to enterprise', async () => {
    signIn(3);
    const image: StudioImage = { id: 'b-0', batchId: 'b', index: 0, url: '/u', thumbnailUrl: '/t', storagePath: 'generations/u/b/0.jpg', width: 1, height: 1, placeholder: null, renditions: [], name: null };
    useStudio.getState().toggleSelected(image);
    render(<CreditsNotice />);
    expect(screen.getByRole('status').textContent).toContain(studioMessages.notEnoughCredits(4, 'Concept'));
    expect(screen.queryByRole('button')).toBeNull();
    // The plan changes in the profile's query, which tells its readers on the next tick.
    signIn(0, 'enterprise');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(''));
  });
});

describe('the connection notice', () => {
  let online = true;
  beforeEach(() => {
    online = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  });
  const setOffline = (value: boolean) => {
    online = !value;
    window.dispatchEvent(new Event(value ? 'offline' : 'online'));
  };

  it('stays quiet while the first connection opens', () => {
    render(<ConnectionNotice />);
    act(() => useLiveStatus.setState({ status: 'connecting' }));
    act(() => useLiveStatus.setState({ status: 'open' }));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('says when the network drops, when the live channel is still reconnecting, and that it is back, for a few seconds', () => {
    vi.useFakeTimers();
    useLiveStatus.setState({ status: 'open' });
    render(<ConnectionNotice />);
    act(() => setOffline(true));
    expect(screen.getByRole('status').textContent).toBe(studioUiMessages.offline);
    act(() => useLiveStatus.setState({ status: 'down' }));
    act(() => setOffline(false));
    expect(screen.getByRole('status').textContent).toBe(studioUiMessages.liveDown);
    act(() => useLiveStatus.setState({ status: 'open' }));
    expect(screen.getByRole('status').textContent).toBe(studioUiMessages.backOnline);
    act(() => {
      vi.advanceTimersByTime(NOTICE_DURATION_MS);
    });
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
