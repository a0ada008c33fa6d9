import { BRIEF_FIELD_MAX_CHARS, PROJECT_NAME_MAX_CHARS } from '../limits';

/** Projects, their brief and version lineage (docs/decisions/0062-projects-api.md). */
export const projectMessages = {
  nameLength: `A project name is 1 to ${PROJECT_NAME_MAX_CHARS} characters.`,
  /** A brief that speaks to the model (docs/decisions/0083): refused when saved, and when a generation would carry it. */
  briefGivesInstructions:
    'A brief describes the project — site, materials, palette, light, season — and cannot give the image model instructions such as "ignore previous instructions". Say what to leave out plainly, for example "no people in the views".',
  briefFieldTooLong: `Each field of the brief is at most ${BRIEF_FIELD_MAX_CHARS} characters.`,
  nothingToChange: 'Send at least one field to change.',
  heroNotInProject: 'The hero image must be a generation in this project.',
  tooManyProjects: (limit: number) =>
    `You have ${limit} projects, the most one account can hold. Please delete one you no longer need and try again.`,
} as const;
