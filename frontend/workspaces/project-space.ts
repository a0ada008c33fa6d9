/**
 * A project, or its board, opened in a tab that works in another space — a link a colleague sent,
 * a bookmark made in the personal space — is a 404 in the tab's space. Before that is the answer,
 * the user's other spaces are asked, one after another; the one that holds the project becomes the
 * tab's space and the screen stays (docs/decisions/0098-workspaces-app.md, amendment). Only spaces
 * the user belongs to are asked, so nothing is learnt of anyone else's.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { WorkspaceSummary } from '#shared/workspace-types';
import { fetchProjectIn } from '../api/projects';
import { projectKeys } from '../queries/projects';
import { notify } from '../shell/notices';
import { currentWorkspaceId, spaceOwner } from './current-space';
import { projectSpaceCopy } from './copy';
import { workspacesQuery } from './queries';
import { enterSpace } from './space';

/** Where the project was found: a workspace, or null for the personal space. */
export interface FoundSpace {
  space: WorkspaceSummary | null;
}

/**
 * The first of the user's spaces other than `current` that holds the project, its answer kept
 * under that space's key so the page shows it at once; null when none does.
 */
export async function findProjectSpace(client: QueryClient, userId: string, projectId: string, current: string | null): Promise<FoundSpace | null> {
  const workspaces = await client.fetchQuery(workspacesQuery(userId));
  const spaces = [null, ...workspaces].filter((space) => (space?.id ?? null) !== current);
  for (const space of spaces) {
    const project = await fetchProjectIn(projectId, space?.id ?? null);
    if (!project) continue;
    client.setQueryData(projectKeys.page(spaceOwner(userId, space?.id), projectId), project);
    return { space };
  }
  return null;
}

/** Makes the found space the tab's, on the same screen, and says so once (every screen that asked may call this). */
export function enterFoundSpace({ space }: FoundSpace, client: QueryClient): void {
  if (currentWorkspaceId() === (space?.id ?? null)) return;
  enterSpace(space, client, { keepScreen: true });
  notify(projectSpaceCopy.entered(space?.name ?? null), { tone: 'info' });
}
