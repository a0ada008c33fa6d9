/**
 * Team workspaces (docs/decisions/0096-workspaces.md): their routes, invitations and spend view,
 * and what a charge needs to check a member's monthly cap in its own statement. The caller's space
 * itself is resolved in worker/platform/space.ts, which every feature uses.
 */
export { invitationRoutes, workspaceRoutes } from './routes';
export { memberSpentSql } from './spend-sql';
export { capPassedBy } from './queries';
