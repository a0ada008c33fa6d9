import { describe, expect, it, vi } from 'vitest';
import { validationMessages } from '#shared/messages';
import { classifyOffline, enhanceOffline } from '../../../worker/studio/engines/offline-text';
import type { PromptVerdict, TextEngine } from '../../../worker/studio/engines/types';
import { enhancePrompt, validatePrompt, ValidationCache } from '../../../worker/studio/prompt-validation';

const valid: PromptVerdict = { isValid: true, feedback: 'ok', suggestions: [], confidence: 'high' };

function countingEngine(verdict: PromptVerdict = valid) {
  const classify = vi.fn(async () => verdict);
  const engine: TextEngine = { classify, enhance: async (prompt) => prompt };
  return { engine, classify };
}

describe('validation cache', () => {
  it('keys by lowercased, trimmed prompt', async () => {
    const { engine, classify } = countingEngine();
    const cache = new ValidationCache();
    await validatePrompt(engine, 'A Glass House', cache);
    await validatePrompt(engine, '  a glass house ', cache);
    expect(classify).toHaveBeenCalledTimes(1);
  });

  it('forgets an entry after 24 hours', async () => {
    let now = 0;
    const { engine, classify } = countingEngine();
    const cache = new ValidationCache(() => now);
    await validatePrompt(engine, 'a glass house', cache);
    now = 24 * 3600 * 1000 - 1;
    await validatePrompt(engine, 'a glass house', cache);
    expect(classify).toHaveBeenCalledTimes(1);
    now = 24 * 3600 * 1000;
    await validatePrompt(engine, 'a glass house', cache);
    expect(classify).toHaveBeenCalledTimes(2);
  });

  it('drops the oldest 20 % when it grows over 1000 entries', () => {
    const cache = new ValidationCache();
    for (let i = 0; i < 1000; i += 1) cache.set(`prompt ${i}`, valid);
    expect(cache.size).toBe(1000);
    cache.set('one more', valid);
    expect(cache.size).toBe(1001 - 201);
    expect(cache.get('prompt 0')).toBeUndefined();
    expect(cache.get('prompt 200')).toBeUndefined();
    expect(cache.get('prompt 201')).toEqual(valid);
    expect(cache.get('one more')).toEqual(valid);
  });

  it('does not cache the classifier\'s failures', async () => {
    const failed: PromptVerdict = { isValid: false, feedback: validationMessages.technicalFailure, suggestions: [], confidence: 'low' };
    const { engine, classify } = countingEngine(failed);
    const cache = new ValidationCache();
    expect(await validatePrompt(engine, 'a glass house', cache)).toEqual(failed);
    await validatePrompt(engine, 'a glass house', cache);
    expect(classify).toHaveBeenCalledTimes(2);
  });
});

describe('offline classifier and enhancer', () => {
  it('accepts architecture, interiors, landscape and metaphorical architecture', () => {
    for (const prompt of ['a minimalist kitchen', 'terraced landscape park', 'a skyscraper shaped like a wave', 'Dragon-shaped pavilion']) {
      expect(classifyOffline(prompt).isValid).toBe(true);
    }
  });

  it('rejects portraits, animals, pure nature and unrelated fantasy with suggestions', () => {
    for (const prompt of ['portrait of a woman', 'a cat sleeping', 'sunset over the ocean', 'a wizard fighting a dragon']) {
      const verdict = classifyOffline(prompt);
      expect(verdict.isValid).toBe(false);
      expect(verdict.suggestions).toHaveLength(3);
    }
    expect(classifyOffline('zxqv blorp').isValid).toBe(false);
  });

  it('enhances once', async () => {
    const once = enhanceOffline('a cabin.');
    expect(once).toMatch(/^a cabin, architectural visualisation/);
    expect(enhanceOffline(once)).toBe(once);
    const failing: TextEngine = { classify: async () => valid, enhance: async () => { throw new Error('down'); } };
    await expect(enhancePrompt(failing, 'a cabin')).rejects.toThrow('Prompt enhancement failed. Please try again.');
  });
});
