import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCopy } from '../../../frontend/gallery/hooks';
import { COPY_CHECK_MS } from '../../../frontend/ui/timings';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function stubClipboard(writeText: (text: string) => Promise<void>) {
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
}

describe('the copy-prompt check mark', () => {
  it('copies the text and shows the check for exactly its time (the studio: 1 s)', async () => {
    vi.useFakeTimers();
    const written: string[] = [];
    stubClipboard(async (text) => {
      written.push(text);
    });
    const { result } = renderHook(() => useCopy(COPY_CHECK_MS.studio));
    await act(() => result.current.copy('A timber pavilion'));
    expect(written).toEqual(['A timber pavilion']);
    expect(result.current.copied).toBe(true);
    act(() => void vi.advanceTimersByTime(COPY_CHECK_MS.studio - 1));
    expect(result.current.copied).toBe(true);
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current.copied).toBe(false);
  });

  it('shows no check when the browser refuses the clipboard', async () => {
    stubClipboard(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    const { result } = renderHook(() => useCopy(COPY_CHECK_MS.viewer));
    await act(() => result.current.copy('A timber pavilion'));
    expect(result.current.copied).toBe(false);
  });
});
