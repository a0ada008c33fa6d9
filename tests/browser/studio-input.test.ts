/**
 * The studio's input bar as a first-time architect found it (issue 22 items 8 and 12): the prompt
 * box grows with a long brief, aspect ratio is a picker, the last controls are remembered, the
 * out-of-credits notice offers Buy without covering Generate, and the studio says when its
 * connection drops and comes back. Each flow runs at 1440 px; the phone (375 px) checks layout.
 */
import type { Locator, Page, WebSocketRoute } from '@playwright/test';
import { studioMessages, studioUiMessages } from '#shared/messages';
import { apiGenerate, type ApiUser } from './api';
import { expect, seriousViolations, signUpInContext, test } from './fixtures';

/** 391 characters: a brief as an architect writes one. */
const BRIEF =
  'A two-storey brick library on a sloping site beside a river, with a timber reading terrace cantilevered over the water, deep window reveals, a planted roof, warm evening light, and a small public square at the entrance where people gather under three old plane trees; seen from across the river at eye level, soft reflections on the water, a few cyclists on the bridge, early autumn colours.';
const PROMPT_MAX_PX = 312;

const promptBox = (page: Page) => page.getByRole('textbox', { name: 'Prompt' });
const generateButton = (page: Page) => page.getByRole('button', { name: 'Generate' });
const ratioChip = (page: Page, ratio: string) => page.getByRole('button', { name: studioUiMessages.aspectRatioChip(ratio) });
const ratioGroup = (page: Page) => page.getByRole('group', { name: studioUiMessages.aspectRatio });
const creditsNotice = (page: Page) => page.locator('.studio-credits-notice');
const connectionNotice = (page: Page) => page.locator('.studio-connection-notice');

/** The box's height and how much of its text is out of sight. */
function boxFit(box: Locator) {
  return box.evaluate((element: HTMLTextAreaElement) => ({ height: element.clientHeight, hidden: element.scrollHeight - element.clientHeight, overflow: getComputedStyle(element).overflowY }));
}

/** Whether two boxes on the screen share any area. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [first, second] = [await a.boundingBox(), await b.boundingBox()];
  if (!first || !second) throw new Error('a box is not on the screen');
  return first.x < second.x + second.width && second.x < first.x + first.width && first.y < second.y + second.height && second.y < first.y + first.height;
}

/** What a click at the middle of Generate lands on: its own accessible name, or another element's. */
function hitAtCentre(target: Locator) {
  return target.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return hit?.closest('button')?.getAttribute('aria-label') ?? hit?.tagName ?? null;
  });
}

/** Three one-view Concept generations through the API take the 12 starting credits to 0. */
async function spendAllCredits(page: Page, member: ApiUser): Promise<void> {
  for (let run = 0; run < 3; run += 1) await apiGenerate(member, 'A timber pavilion in a birch forest at dusk', { model: 'concept' });
  await expect(page.locator('.studio-ring')).toHaveAttribute('data-credits', '0');
}

/** Every live socket passes through this route, so a test can cut it as a network drop would. */
async function cuttableLiveChannel(page: Page) {
  const sockets: WebSocketRoute[] = [];
  let accepting = true;
  await page.routeWebSocket(/\/api\/realtime/, (socket) => {
    sockets.push(socket);
    if (accepting) socket.connectToServer();
    else void socket.close({ code: 1011, reason: 'network down' });
  });
  return {
    opened: () => sockets.length,
    cut: async () => {
      accepting = false;
      await sockets.at(-1)?.close({ code: 1011, reason: 'network down' });
    },
    restore: () => {
      accepting = true;
    },
  };
}

test.describe('the studio input bar at 1440 px', () => {
  test('the prompt box grows with a 400-character brief until all of it shows, then stops at its maximum and scrolls', async ({ page, studio }) => {
    const box = promptBox(page);
    const empty = (await boxFit(box)).height;
    await box.fill(BRIEF);
    await expect.poll(async () => (await boxFit(box)).height).toBeGreaterThan(empty * 2);
    expect(await boxFit(box)).toMatchObject({ hidden: 0, overflow: 'hidden' });

    await box.fill(`${BRIEF} ${BRIEF} ${BRIEF} ${BRIEF}`);
    await expect.poll(async () => (await boxFit(box)).height).toBe(PROMPT_MAX_PX);
    const long = await boxFit(box);
    expect(long.overflow).toBe('auto');
    expect(long.hidden).toBeGreaterThan(0);
    // The controls stay below it, on the screen.
    await expect(generateButton(page)).toBeInViewport();
  });

  test('aspect ratio is a picker of the model’s ratios, by mouse and by keyboard, and the last choices come back on the next visit', async ({ page, studio }) => {
    await ratioChip(page, '1:1').click();
    await expect(ratioGroup(page).getByRole('radio')).toHaveCount(5);
    await expect.poll(() => seriousViolations(page)).toEqual([]);
    await ratioGroup(page).getByRole('radio', { name: /^16:9/ }).click();
    await expect(ratioGroup(page)).toBeHidden();
    await expect(ratioChip(page, '16:9')).toBeFocused();

    // The keyboard: the chosen ratio has focus, arrows move the choice, Enter closes.
    await page.keyboard.press('Enter');
    await expect(ratioGroup(page).getByRole('radio', { name: /^16:9/ })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(ratioGroup(page)).toBeHidden();
    await expect(ratioChip(page, '9:16')).toBeFocused();

    // Concept offers its ten ratios; Escape closes without a change.
    await page.getByRole('button', { name: 'Concept' }).click();
    await ratioChip(page, '9:16').click();
    await expect(ratioGroup(page).getByRole('radio')).toHaveCount(10);
    await page.keyboard.press('Escape');
    await expect(ratioGroup(page)).toBeHidden();

    await page.getByRole('button', { name: 'Ultra' }).click();
    await ratioChip(page, '9:16').click();
    await ratioGroup(page).getByRole('radio', { name: /^4:3/ }).click();
    await page.getByRole('button', { name: /4 views, change/ }).click();
    await page.getByRole('button', { name: /1 view, change/ }).click();
    await expect(page.getByRole('button', { name: /2 views, change/ })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('button', { name: 'Ultra' })).toHaveAttribute('aria-pressed', 'true');
    await expect(ratioChip(page, '4:3')).toBeVisible();
    await expect(page.getByRole('button', { name: /2 views, change/ })).toBeVisible();
    // The resolution picker opens from its summary (a disclosure, not a button, to assistive technology).
    await expect(page.getByLabel(/^Resolution 2K/)).toBeVisible();

    // Another person signing in on this browser starts from the defaults.
    await page.locator('nav.rail').getByRole('button', { name: /Account/ }).click();
    // The sign-out's answer clears the session cookie: the next person signs in after it, not before.
    const signedOut = page.waitForResponse((response) => response.url().endsWith('/api/auth/logout'));
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await signedOut;
    await signUpInContext(page.context());
    await page.goto('/startfree');
    await expect(page.getByRole('button', { name: 'Standard' })).toHaveAttribute('aria-pressed', 'true');
    await expect(ratioChip(page, '1:1')).toBeVisible();
    await expect(page.getByRole('button', { name: /4 views, change/ })).toBeVisible();
  });

  test('out of credits, the notice says so with Buy credits, beside Generate and never over it', async ({ page, studio }) => {
    await spendAllCredits(page, studio);
    const notice = creditsNotice(page);
    await expect(notice).toContainText(studioMessages.notEnoughCredits(2, 'Standard'));
    await expect(notice.getByRole('link', { name: studioUiMessages.buyCredits })).toHaveAttribute('href', '/pricing');
    expect(await overlap(notice, generateButton(page))).toBe(false);
    expect(await hitAtCentre(generateButton(page))).toBe('Generate');
    await expect.poll(() => seriousViolations(page)).toEqual([]);

    // Enter says nothing more in a corner: the notice in the dock is the one place.
    await promptBox(page).fill('A brick chapel');
    await promptBox(page).press('Enter');
    await expect(page.locator('.notice')).toHaveCount(0);
    expect(await hitAtCentre(generateButton(page))).toBe('Generate');

    await notice.getByRole('link', { name: studioUiMessages.buyCredits }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/pricing');
  });

  test('says when the live channel drops and when it is back, and when the network goes offline and returns', async ({ page, member }) => {
    const live = await cuttableLiveChannel(page);
    await page.goto('/startfree');
    await expect.poll(live.opened).toBeGreaterThan(0);
    await expect(connectionNotice(page)).toHaveCount(0);

    await live.cut();
    await expect(connectionNotice(page)).toHaveText(studioUiMessages.liveDown);
    live.restore();
    await expect(connectionNotice(page)).toHaveText(studioUiMessages.backOnline, { timeout: 30_000 });
    await expect(connectionNotice(page)).toHaveCount(0);

    await page.context().setOffline(true);
    await expect(connectionNotice(page)).toHaveText(studioUiMessages.offline);
    await page.context().setOffline(false);
    await expect(connectionNotice(page)).toHaveText(studioUiMessages.backOnline, { timeout: 30_000 });
  });
});

test.describe('the studio input bar at 375 px', { tag: '@phone' }, () => {
  test('a long brief grows the box within the screen, the ratios fit the Options sheet and are remembered', async ({ page, studio }) => {
    const box = promptBox(page);
    const empty = (await boxFit(box)).height;
    await box.fill(BRIEF);
    await expect.poll(async () => (await boxFit(box)).height).toBeGreaterThan(empty * 2);
    const fit = await boxFit(box);
    expect(fit.height).toBeLessThanOrEqual(PROMPT_MAX_PX);
    expect(fit.hidden === 0 || fit.overflow === 'auto').toBe(true);
    await expect(generateButton(page)).toBeInViewport({ ratio: 1 });

    await page.getByRole('button', { name: 'Options' }).click();
    const sheet = page.getByRole('dialog', { name: 'Options' });
    const radios = sheet.getByRole('group', { name: studioUiMessages.aspectRatio }).getByRole('radio');
    await expect(radios).toHaveCount(5);
    for (const radio of await radios.all()) await expect(radio).toBeInViewport({ ratio: 1 });
    await sheet.getByRole('radio', { name: /^16:9/ }).click();
    await expect(sheet.getByRole('radio', { name: /^16:9/ })).toBeChecked();

    await page.reload();
    await page.getByRole('button', { name: 'Options' }).click();
    await expect(page.getByRole('dialog', { name: 'Options' }).getByRole('radio', { name: /^16:9/ })).toBeChecked();
  });

  test('the credits and connection notices sit above the bar, clear of Generate', async ({ page, member }) => {
    const live = await cuttableLiveChannel(page);
    await page.goto('/startfree');
    await spendAllCredits(page, member);
    await expect(creditsNotice(page).getByRole('link', { name: studioUiMessages.buyCredits })).toBeInViewport({ ratio: 1 });
    await live.cut();
    await expect(connectionNotice(page)).toBeVisible();
    for (const notice of [creditsNotice(page), connectionNotice(page)]) {
      expect(await overlap(notice, page.locator('.studio-bar'))).toBe(false);
      await expect(notice).toBeInViewport({ ratio: 1 });
    }
    expect(await hitAtCentre(generateButton(page))).toBe('Generate');
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await expect.poll(() => seriousViolations(page)).toEqual([]);
  });
});
