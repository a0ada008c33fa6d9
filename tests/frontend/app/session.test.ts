import { afterEach, describe, expect, it } from 'vitest';
import { forgetUserOnChange } from '../../../frontend/app/session';
import { useAuth } from '../../../frontend/auth/store';
import { createQueryClient } from '../../../frontend/queries/client';
import { historyKeys } from '../../../frontend/queries/history';
import { initialControls, useStudio } from '../../../frontend/studio/store';

const user = (id: string) => ({ id, email: `${id}@example.com`, created_at: '', credits: 12, plan: 'free' as const });

const queryClient = createQueryClient();
let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  queryClient.clear();
});

describe('a new person in the same tab', () => {
  it('finds no trace of the previous user after sign-out: draft controls, prompt and cached lists are gone', () => {
    stop = forgetUserOnChange(queryClient);
    useAuth.setState({ status: 'signedIn', user: user('a'), accessToken: 't' });
    useStudio.setState({ prompt: 'My secret villa', model: 'ultra', aspectRatio: '16:9', views: 2, refineMode: true });
    queryClient.setQueryData(historyKeys.of('a'), [{ id: 'b1' }]);

    useAuth.setState({ status: 'signedOut', user: null, accessToken: null });

    const draft = useStudio.getState();
    expect(draft.prompt).toBe('');
    expect({ model: draft.model, aspectRatio: draft.aspectRatio, views: draft.views, resolution: draft.resolution }).toEqual(initialControls);
    expect(draft.refineMode).toBe(false);
    expect(queryClient.getQueryData(historyKeys.of('a'))).toBeUndefined();
  });

  it('also when another user signs in without a sign-out between, and not on a profile update', () => {
    stop = forgetUserOnChange(queryClient);
    useAuth.setState({ status: 'signedIn', user: user('a'), accessToken: 't' });
    useStudio.setState({ prompt: 'Draft of a' });
    useAuth.setState({ user: { ...user('a'), credits: 10 } });
    expect(useStudio.getState().prompt).toBe('Draft of a');

    useAuth.setState({ user: user('b') });
    expect(useStudio.getState().prompt).toBe('');
  });
});
