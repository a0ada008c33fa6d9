/**
 * A project (its page, its board, the studio in it) or a comparison opened in a tab that works in
 * another space — a link a colleague sent, a bookmark made in the personal space — is a 404 in the
 * tab's space. Before that is the answer, the user's other spaces are asked, one after another;
 * the one that holds it becomes the tab's space and the screen stays
 * (docs/decisions/0098-workspaces-app.md, amendment). Only spaces the user belongs to are asked,
 * so nothing is learnt of anyone else's.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { WorkspaceSummary } from '#shared/workspace-types';
import { fetchGenerationIn } from '../api/lineage';
import { fetchProjectIn } from '../api/projects';
import { generationKeys } from '../compare/queries';
import { projectKeys } from '../queries/projects';
import { notify } from '../shell/notices';
import { currentWorkspaceId, spaceOwner } from './current-space';
import { elsewhereCopy } from './copy';
import { workspacesQuery } from './queries';
import { enterSpace } from './space';

/** What is sought in the other spaces: a project (its page, board or studio) or a compared generation. */
export interface Sought {
  kind: 'project' | 'generation';
  id: string;
}

/** Where it was found: a workspace, or null for the personal space. */
export interface FoundSpace {
  kind: Sought['kind'];
  space: WorkspaceSummary | null;
}

/** `sought` as `workspaceId`'s space holds it, or null when it does not. */
function readIn({ kind, id }: Sought, workspaceId: string | null): Promise<unknown> {
  return kind === 'project' ? fetchProjectIn(id, workspaceId) : fetchGenerationIn(id, workspaceId);
}

/**
 * The first of the user's spaces other than `current` that holds `sought`, its answer kept under
 * that space's key so the screen shows it at once; null when none does.
 */
export async function findSpaceOf(client: QueryClient, userId: string, sought: Sought, current: string | null): Promise<FoundSpace | null> {
  const workspaces = await client.fetchQuery(workspacesQuery(userId));
  for (const space of [null, ...workspaces].filter((candidate) => (candidate?.id ?? null) !== current)) {
    const found = await readIn(sought, space?.id ?? null);
    if (!found) continue;
    const owner = spaceOwner(userId, space?.id);
    client.setQueryData(sought.kind === 'project' ? projectKeys.page(owner, sought.id) : generationKeys.of(owner, sought.id), found);
    return { kind: sought.kind, space };
  }
  return null;
}

/** Makes the found space the tab's, on the same screen, and says so once (every screen that asked may call this). */
export function enterFoundSpace({ kind, space }: FoundSpace, client: QueryClient): void {
  if (currentWorkspaceId() === (space?.id ?? null)) return;
  enterSpace(space, client, { keepScreen: true });
  notify(elsewhereCopy.entered(kind, space?.name ?? null), { tone: 'info' });
}
