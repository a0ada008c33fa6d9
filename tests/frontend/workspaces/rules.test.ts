/** The workspaces' UI rules (frontend/workspaces/rules.ts), without a DOM. */
import { describe, expect, it } from 'vitest';
import { workspaceMessages } from '#shared/messages/workspaces';
import type { WorkspaceSummary } from '#shared/workspace-types';
import { navMessages } from '../../../frontend/shell/copy';
import { spaceOwner } from '../../../frontend/workspaces/current-space';
import { spaceRole, workspaceIn } from '../../../frontend/workspaces/session-space';
import { WORKSPACE_LOGO_MAX_BYTES } from '#shared/limits';
import {
  logoProblem,
  memberActions,
  monthName,
  parseCap,
  pathAfterSwitch,
  recentMonths,
  shareOf,
  spaceAllows,
  spaceRefusal,
  withArticle,
} from '../../../frontend/workspaces/rules';

const summary = (id: string): WorkspaceSummary => ({ id, name: id, role: 'member', credits: 10, plan: 'pro', logoUrl: null, createdAt: '2026-11-01T00:00:00.000Z' });

describe('the cache keys of a space', () => {
  it('are the user’s own in the personal space and the workspace’s in a workspace, never the same', () => {
    expect(spaceOwner('u1', null)).toBe('u1');
    expect(spaceOwner('u1', undefined)).toBe('u1');
    expect(spaceOwner('u1', 'w1')).toBe('workspace:w1');
    // Two members of one workspace share its lists; a workspace never shares a user's.
    expect(spaceOwner('u2', 'w1')).toBe(spaceOwner('u1', 'w1'));
    expect(spaceOwner('u1', 'w1')).not.toBe(spaceOwner('u1', 'w2'));
  });
});

describe('what the current space allows', () => {
  it('is everything in the personal space, and by role in a workspace, with the Worker’s reason', () => {
    expect(spaceAllows(null, 'buyCredits')).toBe(true);
    expect(spaceAllows('member', 'generate')).toBe(true);
    expect(spaceAllows('viewer', 'generate')).toBe(false);
    expect(spaceRefusal('viewer', 'generate')).toBe(workspaceMessages.refused('generate'));
    expect(spaceRefusal('admin', 'buyCredits')).toBe(workspaceMessages.refused('buyCredits'));
    expect(spaceRefusal('owner', 'buyCredits')).toBeNull();
  });
});

describe('a row of the members table', () => {
  it('offers the owner every role below theirs, the cap and Remove over anyone else', () => {
    expect(memberActions('owner', 'o', { userId: 'a', role: 'admin' })).toEqual({ roles: ['admin', 'member', 'viewer'], changeCap: true, remove: 'remove' });
  });

  it('lets an admin manage members and viewers only, never another admin or the owner', () => {
    expect(memberActions('admin', 'a', { userId: 'm', role: 'member' })).toEqual({ roles: ['admin', 'member', 'viewer'], changeCap: true, remove: 'remove' });
    expect(memberActions('admin', 'a', { userId: 'a2', role: 'admin' })).toEqual({ roles: [], changeCap: false, remove: null });
    expect(memberActions('admin', 'a', { userId: 'o', role: 'owner' })).toEqual({ roles: [], changeCap: false, remove: null });
  });

  it('gives members and viewers nothing over others, and everyone but the owner Leave on their own row', () => {
    expect(memberActions('member', 'm', { userId: 'v', role: 'viewer' })).toEqual({ roles: [], changeCap: false, remove: null });
    expect(memberActions('viewer', 'v', { userId: 'v', role: 'viewer' }).remove).toBe('leave');
    expect(memberActions('admin', 'a', { userId: 'a', role: 'admin' }).remove).toBe('leave');
    expect(memberActions('owner', 'o', { userId: 'o', role: 'owner' }).remove).toBeNull();
  });
});

describe('a logo as picked', () => {
  it('goes as PNG, JPEG or WebP up to the Worker’s size, and is refused otherwise', () => {
    expect(logoProblem({ type: 'image/webp', size: WORKSPACE_LOGO_MAX_BYTES })).toBeNull();
    expect(logoProblem({ type: 'image/jpeg', size: 10 })).toBeNull();
    expect(logoProblem({ type: 'image/png', size: WORKSPACE_LOGO_MAX_BYTES + 1 })).toBe(workspaceMessages.logoInvalid);
    expect(logoProblem({ type: 'image/gif', size: 10 })).toBe(workspaceMessages.logoInvalid);
    expect(logoProblem({ type: 'image/svg+xml', size: 10 })).toBe(workspaceMessages.logoInvalid);
  });
});

describe('a monthly cap as typed', () => {
  it('is none when blank, a whole number of credits, or refused', () => {
    expect(parseCap('  ')).toEqual({ cap: null });
    expect(parseCap('0')).toEqual({ cap: 0 });
    expect(parseCap(' 250 ')).toEqual({ cap: 250 });
    for (const text of ['-5', '2.5', '1e3', 'ten', '12345678']) expect(parseCap(text)).toBe('invalid');
  });
});

describe('the spend view’s months', () => {
  it('are this UTC month and the eleven before it, newest first, across a new year', () => {
    const months = recentMonths(Date.UTC(2027, 1, 3, 23, 0));
    expect(months).toHaveLength(12);
    expect(months.slice(0, 3)).toEqual(['2027-02', '2027-01', '2026-12']);
    expect(months.at(-1)).toBe('2026-03');
  });

  it('read as words, and each line’s bar is its share of the total', () => {
    expect(monthName('2026-11')).toBe('November 2026');
    expect(monthName('soon')).toBe('soon');
    expect(shareOf(1, 4)).toBe(25);
    expect(shareOf(3, 0)).toBe(0);
    // A month of refunds only can leave a line below zero: no bar, not a negative one.
    expect(shareOf(-2, 4)).toBe(0);
  });
});

describe('the tab’s workspace', () => {
  it('is none in the personal space, the user’s workspace of that id, and unknown while unread or no longer theirs', () => {
    expect(workspaceIn([summary('w1')], null)).toBeNull();
    expect(workspaceIn([summary('w1'), summary('w2')], 'w2')?.id).toBe('w2');
    expect(workspaceIn(undefined, 'w1')).toBeUndefined();
    expect(workspaceIn([summary('w1')], 'w3')).toBeUndefined();
  });

  it('gives its role, none in the personal space, and a viewer’s while it is read', () => {
    expect(spaceRole(null)).toBeNull();
    expect(spaceRole(summary('w1'))).toBe('member');
    expect(spaceRole(undefined)).toBe('viewer');
  });
});

describe('a switch of space', () => {
  it('moves off what belongs to the space left, and keeps every other screen', () => {
    expect(pathAfterSwitch('/projects/p1', '')).toBe('/projects');
    expect(pathAfterSwitch('/projects/p1/board', '')).toBe('/projects');
    expect(pathAfterSwitch('/compare', '?items=a.0,b.0')).toBe('/dashboard');
    expect(pathAfterSwitch('/generate', '?project=p1&parent=g.0')).toBe('/generate');
    expect(pathAfterSwitch('/generate', '?start=drawing&project=p1')).toBe('/generate?start=drawing');
    for (const location of ['/dashboard', '/projects', '/credits', '/generate', '/workspaces/w1']) expect(pathAfterSwitch(location, '')).toBeNull();
  });
});

describe('the words', () => {
  it('say a role with its article, and the rail says Personal as the Worker does', () => {
    expect(withArticle('admin')).toBe('an admin');
    expect(withArticle('viewer')).toBe('a viewer');
    expect(navMessages.personal).toBe(workspaceMessages.personal);
  });
});
