/** Bodies and parameters of the project endpoints. */
import { z } from 'zod';
import { instructionPhrase } from '#shared/brief';
import { BRIEF_FIELD_MAX_CHARS, PROJECT_NAME_MAX_CHARS } from '#shared/limits';
import { projectMessages } from '#shared/messages';
import { BRIEF_FIELDS, type BriefField } from '#shared/project-types';
import { spaceField } from '../platform/space';
import { pageQuerySchema } from '../gallery';

const id = z.string().min(1).max(64);

const name = z.string().trim().min(1, projectMessages.nameLength).max(PROJECT_NAME_MAX_CHARS, projectMessages.nameLength);

/**
 * A brief field: text (cleared by '' or null, as in a JSON merge patch) that describes the
 * project and says nothing to the model (docs/decisions/0083).
 */
const briefField = z
  .string()
  .max(BRIEF_FIELD_MAX_CHARS, projectMessages.briefFieldTooLong)
  .refine((text) => instructionPhrase(text) === null, projectMessages.briefGivesInstructions)
  .nullable()
  .optional();

const briefShape = Object.fromEntries(BRIEF_FIELDS.map((field) => [field, briefField])) as Record<BriefField, typeof briefField>;

/** A brief as sent: some or all of its fields; absent fields are left as they are. */
const briefSchema = z.object(briefShape);
export type BriefInput = z.infer<typeof briefSchema>;

export const projectIdSchema = z.object({ id });

/** The body may name the workspace instead of the query (docs/api.md "Workspaces (teams)"). */
export const createProjectSchema = z.object({ name, brief: briefSchema.optional(), ...spaceField });

export const projectPageQuerySchema = pageQuerySchema.extend(spaceField);

const atLeastOne = (value: Record<string, unknown>) => Object.values(value).some((field) => field !== undefined);

export const updateProjectSchema = z
  .object({ name: name.optional(), brief: briefSchema.optional(), heroGenerationId: id.nullable().optional() })
  .refine(atLeastOne, projectMessages.nothingToChange);
