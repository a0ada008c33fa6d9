/**
 * The space switcher's open menu (shell/rail-items.tsx SpaceMenu): Personal and each workspace the
 * user belongs to, the current one checked, then the current workspace's settings and spend and a
 * new workspace. Choosing a space switches this tab (space.ts enterSpace, which also moves off a
 * screen of the space left). Its keys and focus are the account menu's
 * (shell/menu-popover.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { Link } from 'wouter';
import { workspaceMessages } from '#shared/messages/workspaces';
import { can } from '#shared/workspace-rules';
import type { WorkspaceSummary } from '#shared/workspace-types';
import { paths, workspacePath, workspaceSpendPath } from '../app/routing';
import { useAuth } from '../auth/store';
import { QueryScope } from '../queries/QueryScope';
import { useMenuPopover, type RailPopoverProps } from '../shell/menu-popover';
import { roleNames, switcherCopy } from './copy';
import { useCurrentWorkspaceId } from './current-space';
import { useSessionWorkspace } from './session-space';
import { workspacesQuery } from './queries';
import { enterSpace } from './space';
import './switcher.css';

function SpaceChoice({ name, detail, checked, onChoose }: { name: string; detail: string; checked: boolean; onChoose: () => void }) {
  return (
    <button type="button" role="menuitemradio" aria-checked={checked} className="menu-item space-choice" onClick={onChoose}>
      <span className="space-choice-name">{name}</span>
      <span className="space-choice-detail">{detail}</span>
    </button>
  );
}

function SpaceMenuItems({ id, menuRef, onClose }: RailPopoverProps) {
  const userId = useAuth((state) => state.userId ?? '');
  const current = useCurrentWorkspaceId();
  const workspace = useSessionWorkspace();
  const workspaces = useQuery({ ...workspacesQuery(userId), enabled: userId !== '' });
  const itemsRef = useRef<HTMLDivElement>(null);
  useMenuPopover(menuRef, itemsRef, onClose);

  const choose = (next: WorkspaceSummary | null) => {
    onClose(false);
    if ((next?.id ?? null) === current) return;
    enterSpace(next);
  };

  return (
    <div id={id} className="account-popover space-popover">
      <p className="space-popover-title" id={`${id}-title`}>
        {switcherCopy.menu}
      </p>
      <div role="menu" aria-labelledby={`${id}-title`} ref={itemsRef}>
        <SpaceChoice name={workspaceMessages.personal} detail={switcherCopy.personalHint} checked={current === null} onChoose={() => choose(null)} />
        {workspaces.data?.map((item) => (
          <SpaceChoice
            key={item.id}
            name={item.name}
            detail={`${roleNames[item.role]} · ${switcherCopy.credits(item.credits)}`}
            checked={current === item.id}
            onChoose={() => choose(item)}
          />
        ))}
        <div role="separator" className="space-popover-separator" />
        {workspace && (
          <Link href={workspacePath(workspace.id)} role="menuitem" className="menu-item" onClick={() => onClose(false)}>
            {switcherCopy.settings}
          </Link>
        )}
        {workspace && can(workspace.role, 'viewSpend') && (
          <Link href={workspaceSpendPath(workspace.id)} role="menuitem" className="menu-item" onClick={() => onClose(false)}>
            {switcherCopy.spend}
          </Link>
        )}
        <Link href={paths.newWorkspace} role="menuitem" className="menu-item" onClick={() => onClose(false)}>
          {switcherCopy.create}
        </Link>
      </div>
      {workspaces.isError && (
        <p className="space-popover-error" role="status">
          {switcherCopy.loadFailed}
        </p>
      )}
    </div>
  );
}

/** The menu reads the user's workspaces through the app's QueryClient: the rail sits outside every screen's scope. */
export function SpacePopover(props: RailPopoverProps) {
  return (
    <QueryScope>
      <SpaceMenuItems {...props} />
    </QueryScope>
  );
}
