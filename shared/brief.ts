/**
 * How a project's design brief reaches the engine: every generation made in the project carries
 * the same words, so its views agree on materials, light and season. The studio shows the user
 * exactly these words, and the generation stores them. The engine receives them beside the
 * user's prompt as quoted data, never as instructions, and within the prompt's length limit
 * (docs/decisions/0083-bounded-waiters-and-closed-jobs.md).
 */
import { PROMPT_MAX_CHARS } from './limits';
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

/** Room a cut brief needs to be worth sending: fewer characters say nothing useful. */
const BRIEF_MIN_CHARS = 20;

/**
 * The brief's words that fit beside the user's prompt within PROMPT_MAX_CHARS: what the engine
 * receives and the job keeps. The brief is cut, never the user's words — after its last whole
 * sentence that fits, else after its last whole word (marked with an ellipsis); null when that
 * leaves less than BRIEF_MIN_CHARS.
 */
export function briefWithinLimit(prompt: string, addition: string | null): string | null {
  if (!addition) return null;
  const room = PROMPT_MAX_CHARS - prompt.length;
  if (addition.length <= room) return addition;
  const sentenceEnd = addition.slice(0, room + 1).lastIndexOf('. ');
  if (sentenceEnd + 1 >= BRIEF_MIN_CHARS) return addition.slice(0, sentenceEnd + 1);
  const wordEnd = addition.slice(0, room).lastIndexOf(' ');
  return wordEnd >= BRIEF_MIN_CHARS ? `${addition.slice(0, wordEnd).replace(/[\s,;:.]+$/, '')}…` : null;
}

/**
 * Phrases that speak to a model instead of describing a project. A brief is data about the
 * project and carries none (docs/decisions/0083). The list is narrow on purpose: "no portraits of
 * people", "do not show cars" or "ignore the existing annexe" are a brief's own words and pass;
 * the model classifier judges what these miss, and the engine gets the brief as quoted data anyway.
 */
const INSTRUCTION_PHRASES: readonly RegExp[] = [
  // "ignore all previous instructions", "disregard the above prompt", "forget your instructions"
  /\b(ignore|disregard|forget|override|bypass)\b[\w\s,'’-]{0,40}?\b(previous|prior|above|earlier|preceding|all|any|your|system|original|other)\b[\w\s'’-]{0,20}?\b(instructions?|prompts?|directives?|commands?|guardrails)\b/,
  /\b(ignore|disregard|forget)\s+(everything|anything|all)\s+(above|before|previous|prior|earlier)\b/,
  /\b(system|developer)\s+(prompt|message|instructions?)\b/,
  /\b(new|updated|real|actual)\s+instructions?\s*:/,
  /\byou\s+(are\s+now|must\s+now|will\s+now|are\s+no\s+longer)\b/,
  /\b(act|behave|respond)\s+as\s+(if|though|an?\s+(ai|assistant|chatbot|language\s+model))\b/,
  /\bpretend\s+(to\s+be|you\s+are)\b/,
  /\b(jailbreak|developer\s+mode|dan\s+mode)\b/,
  /<\|[a-z_]+\|>|\[\/?inst\]|<<\/?sys>>|<\/?(system|assistant|user)>/,
];

/**
 * The first phrase in `text` that addresses a model (see INSTRUCTION_PHRASES), or null. Read
 * after NFKC normalisation, with format characters (zero-width spaces, direction marks) removed
 * and white space collapsed, so they cannot split a phrase.
 */
export function instructionPhrase(text: string): string | null {
  const plain = text.normalize('NFKC').replace(/\p{Cf}/gu, '').replace(/\s+/g, ' ').toLowerCase();
  for (const pattern of INSTRUCTION_PHRASES) {
    const match = pattern.exec(plain);
    if (match) return match[0];
  }
  return null;
}

/** Whether two briefs say the same (a PATCH that changes nothing keeps the version). */
export function sameBrief(a: ProjectBrief, b: ProjectBrief): boolean {
  return BRIEF_FIELDS.every((field) => (a[field]?.trim() ?? '') === (b[field]?.trim() ?? ''));
}
