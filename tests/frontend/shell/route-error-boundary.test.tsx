import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from '../../../frontend/shell/RouteErrorBoundary';

let failing = true;
function Screen({ name }: { name: string }) {
  if (failing) throw new Error(`${name} broke`);
  return <h1>{name} works</h1>;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  failing = true;
});

describe('a screen that throws while rendering', () => {
  it('is replaced by the error page with its actions, and Try again renders it once more', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <RouteErrorBoundary resetKey="/generate">
        <Screen name="Studio" />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveProperty('textContent', expect.stringContaining('This page could not be shown.'));
    expect(screen.getByText('An error occurred. Please try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('heading', { name: 'Studio works' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('clears when the route changes, so the next screen renders', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { rerender } = render(
      <RouteErrorBoundary resetKey="/generate">
        <Screen name="Studio" />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toBeTruthy();
    failing = false;
    rerender(
      <RouteErrorBoundary resetKey="/dashboard">
        <Screen name="Dashboard" />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Dashboard works' })).toBeTruthy();
  });

  it('keeps the error page while the route stays the same', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { rerender } = render(
      <RouteErrorBoundary resetKey="/generate">
        <Screen name="Studio" />
      </RouteErrorBoundary>,
    );
    failing = false;
    rerender(
      <RouteErrorBoundary resetKey="/generate">
        <Screen name="Studio" />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toBeTruthy();
  });
});
