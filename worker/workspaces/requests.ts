/** Paths, queries and bodies of the workspace routes (docs/api.md "Workspaces (teams)"). */
import { z } from 'zod';
import { MONTHLY_CAP_MAX, WORKSPACE_NAME_MAX_CHARS } from '#shared/limits';
import { projectMessages, workspaceMessages } from '#shared/messages';
import { ASSIGNABLE_ROLES, MONTH_PATTERN } from '#shared/workspace-rules';

const id = z.string().min(1).max(64);

const name = z.string().trim().min(1, workspaceMessages.nameLength).max(WORKSPACE_NAME_MAX_CHARS, workspaceMessages.nameLength);

export const workspaceParamSchema = z.object({ id });
export const memberParamSchema = z.object({ id, userId: id });
export const invitationParamSchema = z.object({ id, invitationId: id });
export const tokenParamSchema = z.object({ token: z.string().min(1).max(128) });

export const createWorkspaceSchema = z.object({ name });
export const renameWorkspaceSchema = z.object({ name });

/** The email is normalised as sign-up does it (worker/auth), in the service. */
export const invitationSchema = z.object({ email: z.string().min(3).max(320), role: z.enum(ASSIGNABLE_ROLES) });

const atLeastOne = (value: Record<string, unknown>) => Object.values(value).some((field) => field !== undefined);

export const memberPatchSchema = z
  .object({
    role: z.enum(ASSIGNABLE_ROLES).optional(),
    monthlyCap: z.number({ message: workspaceMessages.capInvalid }).int(workspaceMessages.capInvalid).min(0, workspaceMessages.capInvalid).max(MONTHLY_CAP_MAX, workspaceMessages.capInvalid).nullable().optional(),
  })
  .refine(atLeastOne, projectMessages.nothingToChange);
export type MemberPatch = z.infer<typeof memberPatchSchema>;

const month = z.string().regex(MONTH_PATTERN, workspaceMessages.monthFormat).optional();

export const spendQuerySchema = z.object({ month });

/** `projectId=none`: the work made outside any project. */
export const spendEntriesQuerySchema = z.object({
  month,
  memberId: id.optional(),
  projectId: id.optional(),
  cursor: z.string().max(512).optional(),
});

/** A logo upload: one multipart `file`; its type and size are checked on its bytes. */
export const logoFormSchema = z.object({ file: z.instanceof(File) });
