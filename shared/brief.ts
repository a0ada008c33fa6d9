/**
 * How a project's design brief reaches the prompt: every generation made in the project carries
 * the same words, so its views agree on materials, light and season. The studio shows the user
 * exactly these words, and the generation stores them.
 */
import { BRIEF_FIELDS, type BriefField, type ProjectBrief } from './project-types';

const BRIEF_LABELS: Record<BriefField, string> = {
  summary: 'Design brief',
  materials: 'Materials',
  palette: 'Colour palette',
  site: 'Site',
  timeOfDay: 'Time of day',
  season: 'Season and weather',
};

/** The words a brief adds to a prompt, one sentence a filled field; '' for an empty brief. */
export function briefPromptAddition(brief: ProjectBrief): string {
  const sentences: string[] = [];
  for (const field of BRIEF_FIELDS) {
    const value = brief[field]?.trim().replace(/\s+/g, ' ').replace(/[.\s]+$/, '');
    if (value) sentences.push(`${BRIEF_LABELS[field]}: ${value}.`);
  }
  return sentences.join(' ');
}

/** The prompt the engine receives: the user's words, then the brief's. */
export function promptWithBrief(prompt: string, addition: string): string {
  return addition ? `${prompt.trim()}\n\n${addition}` : prompt;
}

/** Whether two briefs say the same (a PATCH that changes nothing keeps the version). */
export function sameBrief(a: ProjectBrief, b: ProjectBrief): boolean {
  return BRIEF_FIELDS.every((field) => (a[field]?.trim() ?? '') === (b[field]?.trim() ?? ''));
}
