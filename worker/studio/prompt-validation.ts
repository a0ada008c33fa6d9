/**
 * Prompt validation for text-to-image (docs/decisions/0029-validate-text-to-image-only.md) and the
 * enhancer.
 */
import type { PromptValidationResponse } from '#shared/api-types';
import { PROMPT_MAX_CHARS } from '#shared/limits';
import { PROMPT_MIN_CHARS, VALIDATION_CACHE_EVICT_FRACTION, VALIDATION_CACHE_MAX_ENTRIES, VALIDATION_CACHE_TTL_MS } from '../platform/limits';
import { promptMessages, studioMessages, validationMessages } from '#shared/messages';
import type { TextEngine } from './engines/types';
import { AppError } from '../platform/errors';

/** White space collapsed, trimmed, cut at PROMPT_MAX_CHARS (2000) characters. */
export function sanitisePrompt(prompt: string): string {
  return prompt.replace(/\s+/g, ' ').trim().slice(0, PROMPT_MAX_CHARS);
}

/**
 * Verdicts by lowercased, trimmed prompt: 24 h, at most 1000 entries; over that the oldest
 * fifth goes. A Map keeps insertion order, so its first keys are the oldest.
 */
export class ValidationCache {
  private readonly entries = new Map<string, { verdict: PromptValidationResponse; at: number }>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxEntries = VALIDATION_CACHE_MAX_ENTRIES,
    private readonly ttlMs = VALIDATION_CACHE_TTL_MS,
  ) {}

  static key(prompt: string): string {
    return prompt.trim().toLowerCase();
  }

  get size(): number {
    return this.entries.size;
  }

  get(prompt: string): PromptValidationResponse | undefined {
    const key = ValidationCache.key(prompt);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.at >= this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.verdict;
  }

  set(prompt: string, verdict: PromptValidationResponse): void {
    const key = ValidationCache.key(prompt);
    this.entries.delete(key);
    this.entries.set(key, { verdict, at: this.now() });
    if (this.entries.size > this.maxEntries) this.evictOldest();
  }

  private evictOldest(): void {
    const drop = Math.ceil(this.entries.size * VALIDATION_CACHE_EVICT_FRACTION);
    const oldest = [...this.entries.keys()].slice(0, drop);
    for (const key of oldest) this.entries.delete(key);
  }
}

/** One cache per isolate, shared by every request it serves. */
const sharedValidationCache = new ValidationCache();

/** The verdicts the classifier's failures produce: never cached, so a retry asks again. */
function isFailureVerdict(verdict: PromptValidationResponse): boolean {
  return verdict.feedback === validationMessages.unparseable || verdict.feedback === validationMessages.technicalFailure;
}

/**
 * Empty and too-short prompts are answered here; the rest goes to the classifier, cached. `brief`
 * is the project brief's words the engine will get beside the prompt: the classifier judges both
 * (docs/decisions/0083), and a verdict is cached for the pair.
 */
export async function validatePrompt(
  engine: TextEngine,
  rawPrompt: string,
  cache: ValidationCache = sharedValidationCache,
  brief = '',
): Promise<PromptValidationResponse> {
  const prompt = sanitisePrompt(rawPrompt);
  if (prompt.length === 0) {
    return { isValid: false, feedback: validationMessages.emptyPrompt, suggestions: [...promptMessages.emptySuggestions], confidence: 'high' };
  }
  if (prompt.length < PROMPT_MIN_CHARS) {
    return { isValid: false, feedback: validationMessages.shortPrompt, suggestions: [...promptMessages.shortSuggestions], confidence: 'high' };
  }
  const cacheKey = brief ? `${prompt}\n<project_brief>${brief}` : prompt;
  const cached = cache.get(cacheKey);
  if (cached) return cached;
  const verdict = await engine.classify(prompt, brief);
  if (!isFailureVerdict(verdict)) cache.set(cacheKey, verdict);
  return verdict;
}

/**
 * The free enhancer; any failure is the one enhancer-failed text
 * (docs/decisions/0029-validate-text-to-image-only.md).
 */
export async function enhancePrompt(engine: TextEngine, rawPrompt: string): Promise<string> {
  const prompt = sanitisePrompt(rawPrompt);
  if (!prompt) throw new AppError('invalid_prompt', validationMessages.emptyPrompt, { field: 'prompt' });
  try {
    return await engine.enhance(prompt);
  } catch (error) {
    // A prompt the validator refuses is the user's to fix, not a failure of the enhancer.
    if (error instanceof AppError) throw error;
    console.warn('prompt enhancement failed', error);
    throw new AppError('upstream_failed', studioMessages.enhanceFailed);
  }
}
