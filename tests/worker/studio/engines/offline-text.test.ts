import { describe, expect, it } from 'vitest';
import { promptMessages } from '#shared/messages';
import { classifyOffline, enhanceOffline, offlineTextEngine, rewriteOffline } from '../../../../worker/studio/engines/offline-text';

describe('offline classifier', () => {
  it('accepts buildings named in compounds, a treehouse among them', () => {
    for (const prompt of ['a treehouse for a cat', 'a boathouse on a misty lake', 'an old watchtower on a hill', 'a museum with a portrait gallery']) {
      expect(classifyOffline(prompt).isValid, prompt).toBe(true);
    }
  });

  it('still refuses portraits and animals, even with one stray place word', () => {
    for (const prompt of ['a cute puppy portrait', 'portrait of a woman in a garden', 'a kitten asleep', 'she shall stay instead']) {
      expect(classifyOffline(prompt).isValid, prompt).toBe(false);
    }
    expect(classifyOffline('a cute puppy portrait').feedback).toBe(promptMessages.notArchitectural);
  });
});

describe('offline enhancer', () => {
  it("rewrites from what it recognised, the user's words first", () => {
    const lake = enhanceOffline('A brick house by a lake at dusk.');
    expect(lake.startsWith('A brick house by a lake at dusk, ')).toBe(true);
    expect(lake).toMatch(/site: at the water's edge/);
    expect(lake).toMatch(/massing: a two-storey house/);
    expect(lake).toMatch(/materials: warm red brick/);
    expect(lake).toMatch(/light: dusk/);
    const tower = enhanceOffline("a glass tower downtown at night, worm's-eye view");
    expect(tower).toMatch(/site: a city street/);
    expect(tower).toMatch(/massing: a slender tower/);
    expect(tower).toMatch(/curtain wall/);
    expect(tower).toMatch(/light: night/);
    expect(tower).toMatch(/camera: worm's-eye/);
    const room = enhanceOffline('a cosy living room with oak floors in winter');
    expect(room).toMatch(/one-point perspective/);
    expect(room).toMatch(/winter snow/);
    expect(enhanceOffline(lake)).toBe(lake);
  });

  it('refuses what validation refuses, with the verdict', async () => {
    const outcome = rewriteOffline('a cute puppy portrait');
    expect(outcome).toMatchObject({ ok: false, verdict: { isValid: false, feedback: promptMessages.notArchitectural } });
    expect(() => enhanceOffline('a cute puppy portrait')).toThrow(promptMessages.notArchitectural);
    await expect(offlineTextEngine.enhance('a cute puppy portrait')).rejects.toThrow(promptMessages.notArchitectural);
  });
});
