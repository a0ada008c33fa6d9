import { describe, expect, it } from 'vitest';
import { skipLinkFor } from '../../../frontend/shell/nav-model';

describe('the skip link', () => {
  it('goes to the prompt on every studio screen', () => {
    for (const path of ['/home', '/startfree', '/generate']) expect(skipLinkFor(path)).toEqual({ targetId: 'studio-prompt', label: 'Skip to the prompt' });
  });

  it('goes to the content elsewhere', () => {
    for (const path of ['/', '/gallery', '/dashboard', '/pricing']) expect(skipLinkFor(path).targetId).toBe('main');
  });
});
