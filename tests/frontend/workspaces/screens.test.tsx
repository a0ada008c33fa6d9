/**
 * The workspace screens where what they show is the point: an invitation signed out and for an
 * account that cannot use it, and a members table as each role sees it.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render as renderDom, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { workspaceMessages } from '#shared/messages/workspaces';
import type { WorkspaceDetail } from '#shared/workspace-types';
import { useAuth } from '../../../frontend/auth/store';
import { createQueryClient } from '../../../frontend/queries/client';
import { InvitationPage } from '../../../frontend/workspaces/InvitationPage';
import { MembersTable } from '../../../frontend/workspaces/MembersTable';

const render = (ui: ReactElement) => renderDom(<QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('an invitation’s page', () => {
  it('signed out, says which account can accept and keeps the way back on sign-in and sign-up', () => {
    useAuth.setState({ status: 'signedOut', userId: null, accessToken: null, expiresAt: 0 });
    render(<InvitationPage token="t 1" />);
    expect(screen.getByText(workspaceMessages.invitationNeedsAccount)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login?redirect=%2Finvitations%2Ft%25201');
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/login?redirect=%2Finvitations%2Ft%25201&mode=signup');
  });

  it('gives the one message for every link that cannot be used', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 })));
    useAuth.setState({ status: 'signedIn', userId: 'u1', accessToken: 't', expiresAt: Date.now() / 1000 + 900 });
    render(<InvitationPage token="used" />);
    expect((await screen.findByRole('alert')).textContent).toBe(workspaceMessages.invitationUnavailable);
    expect(screen.queryByRole('button', { name: 'Join the workspace' })).toBeNull();
  });
});

const detail = (role: WorkspaceDetail['role']): WorkspaceDetail => ({
  id: 'w1',
  name: 'Studio Nord',
  role,
  credits: 40,
  plan: 'pro',
  logoUrl: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  month: '2026-11',
  invitations: [],
  members: [
    { userId: 'o', email: 'owner@example.com', role: 'owner', monthlyCap: null, spentThisMonth: 8, joinedAt: '2026-11-01T00:00:00.000Z' },
    { userId: 'm', email: 'member@example.com', role: 'member', monthlyCap: 50, spentThisMonth: 12, joinedAt: '2026-11-02T00:00:00.000Z' },
  ],
});

describe('the members table', () => {
  it('lets the owner change a member’s role and cap and remove them, and shows spend against the cap', () => {
    render(<MembersTable workspace={detail('owner')} userId="o" />);
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Role of member@example.com' }).value).toBe('member');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Monthly cap of member@example.com, in credits' }).value).toBe('50');
    expect(screen.getByRole('button', { name: 'Remove: member@example.com' })).toBeTruthy();
    expect(screen.getByText('12 of 50')).toBeTruthy();
    // Nobody changes or removes the owner, and the owner cannot leave.
    expect(screen.queryByRole('combobox', { name: 'Role of owner@example.com' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Leave' })).toBeNull();
  });

  it('gives a member only Leave on their own row', () => {
    render(<MembersTable workspace={detail('member')} userId="m" />);
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Leave']);
  });
});
