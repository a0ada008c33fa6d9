/**
 * The viewer's zoom percentage (frontend/viewer/ZoomStage.tsx) before and after the stage has a
 * size. jsdom lays nothing out, as a browser has not in the frame the viewer opens in; the
 * measured stage is stood in for, as in tests/frontend/fidelity/components.test.tsx.
 */
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZoomStage } from '../../../frontend/viewer/ZoomStage';

const IMAGE = { url: '/media/a.jpg', alt: 'A pavilion', width: 1024, height: 768 };

function frameOf(width: number, height: number): void {
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockImplementation(function frameWidth(this: Element) {
    return this.classList.contains('viewer-frame') ? width : 0;
  });
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockImplementation(function frameHeight(this: Element) {
    return this.classList.contains('viewer-frame') ? height : 0;
  });
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', class {
    observe() {}
    unobserve() {}
    disconnect() {}
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the zoom percentage', () => {
  it('stays hidden, its width kept, until the stage is measured, instead of saying 0 %', () => {
    frameOf(0, 0);
    render(<ZoomStage image={IMAGE} onSwipe={() => {}} onBackdrop={() => {}} />);
    const value = screen.getByText('0 %');
    expect(value.className).toBe('viewer-zoom-value');
    expect(value.style.visibility).toBe('hidden');
  });

  it('shows the fitted share of the original once the stage has a size', () => {
    frameOf(800, 600);
    render(<ZoomStage image={IMAGE} onSwipe={() => {}} onBackdrop={() => {}} />);
    // 1024 × 768 fitted into 800 × 600 at one device pixel a pixel.
    const value = screen.getByText('78 %');
    expect(value.style.visibility).toBe('');
  });
});
