/**
 * "Forgot password" in the browser, offline (issue 22, item 7): the link comes from the local
 * outbox; both screens are keyboard-usable, axe-clean and never scroll sideways at every width.
 */
import type { Page } from '@playwright/test';
import { expect, seriousViolations, settleAnimations, test, uniqueEmail } from './fixtures';

interface Outbox {
  messages: { to: string; subject: string; text: string }[];
}

async function checkScreen(page: Page, what: string): Promise<void> {
  await settleAnimations(page);
  await expect.poll(() => seriousViolations(page), { message: `axe on ${what}` }).toEqual([]);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), { message: `overflow on ${what}` })
    .toBe(0);
}

/** The link of the newest reset email to `email`, once the Worker has sent it (after its answer). */
async function resetLinkFor(page: Page, email: string): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const outbox = (await (await page.request.get('/api/dev/outbox')).json()) as Outbox;
      link = outbox.messages.find((message) => message.to === email)?.text.match(/http:\/\/\S+/)?.[0] ?? '';
      return link;
    })
    .toMatch(/\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
  return link;
}

test.describe('forgot password', () => {
  test('emails a link that sets a new password by keyboard, signs in, and works once', async ({ page, openPage }) => {
    const email = uniqueEmail('forgot');
    const oldPassword = 'an old forgotten passphrase';
    const signUp = await page.request.post('/api/auth/signup', { data: { email, password: oldPassword } });
    expect(signUp.status()).toBe(201);

    const visitor = await openPage();
    await visitor.goto('/login');
    await visitor.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(visitor.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
    await expect(visitor.getByLabel('Email')).toBeFocused();
    await checkScreen(visitor, 'the forgot-password form');
    await visitor.keyboard.type(email);
    await visitor.keyboard.press('Enter');
    await expect(visitor.getByRole('status').filter({ hasText: 'If an account exists' })).toHaveText(`If an account exists for ${email}, we have sent it a link to reset the password. The link works once, for 30 minutes.`);
    await checkScreen(visitor, 'the note that the link was sent');

    const link = await resetLinkFor(visitor, email);
    await visitor.goto(link);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await expect(visitor.getByLabel('New password', { exact: true })).toBeFocused();
    await checkScreen(visitor, 'the reset page');

    // By keyboard: the new password, past its Show button, a confirmation that differs, Enter.
    await visitor.keyboard.type('a fresh new passphrase');
    await visitor.keyboard.press('Tab');
    await expect(visitor.getByRole('button', { name: 'Show password' }).first()).toBeFocused();
    await visitor.keyboard.press('Tab');
    await expect(visitor.getByLabel('Confirm new password')).toBeFocused();
    await visitor.keyboard.type('a fresh new passphrasf');
    await visitor.keyboard.press('Enter');
    // The red box of the form (the app's notices region is an alert too).
    await expect(visitor.locator('form').getByRole('alert')).toHaveText('The two passwords do not match.');
    await checkScreen(visitor, 'the reset page with an error');
    await visitor.getByLabel('Confirm new password').fill('a fresh new passphrase');
    await visitor.getByLabel('Confirm new password').press('Enter');

    // Signed in, where a sign-in lands; the old password no longer works, the new one does.
    await visitor.waitForURL('**/startfree');
    await expect(visitor.getByRole('textbox', { name: 'Prompt' })).toBeVisible();
    expect((await visitor.request.post('/api/auth/login', { data: { email, password: oldPassword } })).status()).toBe(401);
    expect((await visitor.request.post('/api/auth/login', { data: { email, password: 'a fresh new passphrase' } })).status()).toBe(200);

    // The link worked once.
    const again = await openPage();
    await again.goto(link);
    await again.getByLabel('New password', { exact: true }).fill('yet another passphrase');
    await again.getByLabel('Confirm new password').fill('yet another passphrase');
    await again.getByRole('button', { name: 'Set new password' }).click();
    await expect(again.locator('form').getByRole('alert')).toHaveText('This reset link has expired or has already been used. Please ask for a new one.');
    await again.getByRole('link', { name: 'Ask for a new link' }).click();
    await expect(again.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  });
});
