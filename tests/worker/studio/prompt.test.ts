import { describe, expect, it } from 'vitest';
import type { PromptEnhanceResponse, PromptValidationResponse } from '#shared/api-types';
import { promptMessages, studioMessages, validationMessages } from '#shared/messages';
import { call, json } from '../helpers';
import { balance, userWith } from './helpers';

describe('POST /api/prompt/validate and /enhance (offline helpers)', () => {
  it('needs a signed-in user', async () => {
    expect((await call('/api/prompt/validate', { method: 'POST', body: { prompt: 'a house' } })).status).toBe(401);
    expect((await call('/api/prompt/enhance', { method: 'POST', body: { prompt: 'a house' } })).status).toBe(401);
  });

  it('answers {isValid, feedback, suggestions, confidence}', async () => {
    const user = await userWith();
    const validate = async (prompt: string) =>
      json<PromptValidationResponse>(await call('/api/prompt/validate', { method: 'POST', token: user.token, body: { prompt } }));
    expect(await validate('')).toEqual({ isValid: false, feedback: validationMessages.emptyPrompt, suggestions: [...promptMessages.emptySuggestions], confidence: 'high' });
    expect((await validate('ok')).feedback).toBe(validationMessages.shortPrompt);
    expect(await validate('A brutalist concrete library with a sunken courtyard')).toMatchObject({ isValid: true, confidence: 'high' });
    expect(await validate('A cathedral made of clouds')).toMatchObject({ isValid: true });
    expect(await validate('a golden retriever puppy')).toMatchObject({ isValid: false, feedback: promptMessages.notArchitectural });
  });

  it('enhances free of charge', async () => {
    const user = await userWith();
    const response = await call('/api/prompt/enhance', { method: 'POST', token: user.token, body: { prompt: '  a small   cabin  ' } });
    expect(response.status).toBe(200);
    const { enhanced } = await json<PromptEnhanceResponse>(response);
    expect(enhanced.startsWith('a small cabin, architectural visualisation')).toBe(true);
    expect(await balance(user.user.id)).toBe(12);
    const empty = await call('/api/prompt/enhance', { method: 'POST', token: user.token, body: { prompt: ' ' } });
    expect(empty.status).toBe(400);
    expect((await call('/api/prompt/enhance', { method: 'POST', token: user.token, body: {} })).status).toBe(400);
  });

  it('refuses to enhance a prompt the validator refuses, with the validator\'s words, not as a failure', async () => {
    const user = await userWith();
    const response = await call('/api/prompt/enhance', { method: 'POST', token: user.token, body: { prompt: 'a cute puppy portrait' } });
    expect(response.status).toBe(400);
    const { error } = await json<{ error: { code: string; message: string } }>(response);
    expect(error.code).toBe('invalid_prompt');
    expect(error.message).not.toBe(studioMessages.enhanceFailed);
  });
});
