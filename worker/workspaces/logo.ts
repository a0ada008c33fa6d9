/**
 * A workspace's logo (docs/decisions/0096-workspaces.md): one of WORKSPACE_LOGO_TYPES by its bytes,
 * at most WORKSPACE_LOGO_MAX_BYTES, stored under a new key each time (so a cached old one never shows for
 * the new) and served only through signed URLs. The owner sets and removes it.
 */
import { WORKSPACE_LOGO_MAX_BYTES, WORKSPACE_LOGO_TYPES } from '#shared/limits';
import { workspaceMessages } from '#shared/messages';
import { AppError } from '../platform/errors';
import { requireAction, type WorkspaceSpace } from '../platform/space';
import { mediaKeys } from '../media';
import { checkImageHeader, sniffImage } from '../studio';
import { replaceLogo } from './queries';
import { logoUrl, nowOf, type WorkspaceDeps } from './service';

export async function setLogo(deps: WorkspaceDeps, space: WorkspaceSpace, file: File): Promise<{ logoUrl: string | null }> {
  requireAction(space, 'manageWorkspace');
  const refused = () => new AppError('invalid_image', workspaceMessages.logoInvalid, { field: 'file' });
  if (file.size > WORKSPACE_LOGO_MAX_BYTES) throw refused();
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = sniffImage(bytes);
  if (!kind || !WORKSPACE_LOGO_TYPES.includes(kind.mimeType) || !checkImageHeader(bytes).ok) throw refused();
  const key = mediaKeys.workspaceLogo(space.workspaceId, crypto.randomUUID(), kind.ext);
  await deps.media.put(key, bytes, { httpMetadata: { contentType: kind.mimeType } });
  const previous = await replaceLogo(deps.db, space.workspaceId, key);
  if (previous) await deps.media.delete(previous);
  await deps.notifyMembers(space.workspaceId);
  return { logoUrl: await logoUrl(deps.signingSecret, key, nowOf(deps)) };
}

export async function removeLogo(deps: WorkspaceDeps, space: WorkspaceSpace): Promise<void> {
  requireAction(space, 'manageWorkspace');
  const previous = await replaceLogo(deps.db, space.workspaceId, null);
  if (previous) await deps.media.delete(previous);
  await deps.notifyMembers(space.workspaceId);
}
