import type { Page } from '@playwright/test';
import { CREDIT_PRICE_INR } from '#shared/limits';

/**
 * Account actions performed from inside a page, through the app's real API on the same origin:
 * what the user's own tab would send. The access token lives only in the app's memory, so these
 * sign in again with fetch to get one (a second session of the same user).
 */
export async function tokenFromPage(page: Page, email: string, password: string): Promise<string> {
  return page.evaluate(async ({ email, password }) => {
    const response = await fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (!response.ok) throw new Error(`login failed: ${response.status}`);
    const body = (await response.json()) as { session: { access_token: string } };
    return body.session.access_token;
  }, { email, password });
}

/** Any API call with the user's token, from inside the page; a 204 answers null. */
export async function apiFromPage<T>(page: Page, token: string, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate<T, { token: string; method: string; path: string; body: unknown }>(async ({ token, method, path, body }) => {
    const response = await fetch(path, {
      method,
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} failed: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  }, { token, method, path, body });
}

function postFromPage<T>(page: Page, path: string, token: string, body: unknown): Promise<T> {
  return apiFromPage<T>(page, token, 'POST', path, body);
}

/** A test-mode purchase (docs/decisions/0010-payment-test-mode.md): order, then completion through the granting code. */
export async function buyCreditsFromPage(page: Page, token: string, credits: number): Promise<void> {
  const order = await postFromPage<{ orderId: string; mode: string }>(page, '/api/payments/orders', token, {
    credits,
    amount: credits * CREDIT_PRICE_INR,
  });
  if (order.mode !== 'test') throw new Error('the browser tests expect test-mode payments');
  await postFromPage(page, '/api/payments/test/complete', token, { orderId: order.orderId });
}

/** A one-view generation with the offline preview engine. */
export async function generateFromPage(page: Page, token: string, model: 'fast' | 'concept' = 'fast'): Promise<{ creditsLeft: number }> {
  return postFromPage(page, '/api/generate', token, {
    prompt: 'A timber pavilion in a birch forest at dusk, warm light through slatted walls',
    model,
    aspectRatio: '1:1',
    numberOfViews: 1,
    isRefinement: false,
    referenceImages: [],
  });
}
