/**
 * The workspace screens where what they show is the point: an invitation signed out and for an
 * account that cannot use it, a members table as each role sees it, and the new workspace's logo.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render as renderDom, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { workspaceMessages } from '#shared/messages/workspaces';
import type { WorkspaceDetail } from '#shared/workspace-types';
import { useAuth } from '../../../frontend/auth/store';
import { createQueryClient } from '../../../frontend/queries/client';
import { InvitationPage } from '../../../frontend/workspaces/InvitationPage';
import { MembersTable } from '../../../frontend/workspaces/MembersTable';
import { NewWorkspacePage } from '../../../frontend/workspaces/NewWorkspacePage';

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

describe('the new workspace’s logo', () => {
  const pick = (file: File) => fireEvent.change(screen.getByLabelText<HTMLInputElement>('Logo (optional)', { selector: 'input' }), { target: { files: [file] } });
  const png = (bytes: number) => new File([new Uint8Array(bytes)], 'logo.png', { type: 'image/png' });

  it('shows the picked logo, refuses a file the Worker would refuse without losing the one picked, and takes it away', () => {
    const revoked: string[] = [];
    let made = 0;
    vi.stubGlobal('URL', Object.assign(class extends URL {}, {
      createObjectURL: () => `blob:logo-${(made += 1)}`,
      revokeObjectURL: (url: string) => revoked.push(url),
    }));
    render(<NewWorkspacePage />);
    expect(screen.getByRole('button', { name: 'Choose a logo' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'The logo' })).toBeNull();

    pick(png(2_000));
    expect(screen.getByRole<HTMLImageElement>('img', { name: 'The logo' }).getAttribute('src')).toBe('blob:logo-1');
    expect(screen.getByRole('button', { name: 'Replace logo' })).toBeTruthy();

    pick(png(2 * 1024 * 1024));
    expect(screen.getByRole('alert').textContent).toBe(workspaceMessages.logoInvalid);
    expect(screen.getByRole<HTMLImageElement>('img', { name: 'The logo' }).getAttribute('src')).toBe('blob:logo-1');

    fireEvent.click(screen.getByRole('button', { name: 'Remove logo' }));
    expect(screen.queryByRole('img', { name: 'The logo' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Choose a logo' })).toBeTruthy();
    expect(revoked).toEqual(['blob:logo-1']);
  });

  it('sends the picked logo after the workspace is made', async () => {
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL: () => 'blob:logo', revokeObjectURL: () => undefined }));
    const sent: { url: string; method: string; file: unknown }[] = [];
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const file = init?.body instanceof FormData ? init.body.get('file') : null;
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      sent.push({ url: new URL(url, 'http://parti.test').pathname, method, file });
      if (method === 'PUT') return Response.json({ logoUrl: '/media/logo.png' });
      return Response.json({ id: 'w1', name: 'Studio Nord', role: 'owner', credits: 0, plan: 'free', logoUrl: null }, { status: 201 });
    }));
    useAuth.setState({ status: 'signedIn', userId: 'u1', accessToken: 't', expiresAt: Date.now() / 1000 + 900 });
    render(<NewWorkspacePage />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Practice name' }), { target: { value: 'Studio Nord' } });
    pick(png(2_000));
    fireEvent.click(screen.getByRole('button', { name: 'Create workspace' }));
    await vi.waitFor(() => expect(sent.map(({ url, method }) => `${method} ${url}`)).toEqual(['POST /api/workspaces', 'PUT /api/workspaces/w1/logo']));
    expect((sent[1]?.file as File).name).toBe('logo.png');
  });
});
