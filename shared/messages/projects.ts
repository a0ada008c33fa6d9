import { BRIEF_FIELD_MAX_CHARS, PROJECT_NAME_MAX_CHARS } from '../limits';

/** Projects, their brief and version lineage (docs/decisions/0062-projects-api.md). */
export const projectMessages = {
  nameLength: `A project name is 1 to ${PROJECT_NAME_MAX_CHARS} characters.`,
  briefFieldTooLong: `Each field of the brief is at most ${BRIEF_FIELD_MAX_CHARS} characters.`,
  nothingToChange: 'Send at least one field to change.',
  heroNotInProject: 'The hero image must be a generation in this project.',
} as const;
