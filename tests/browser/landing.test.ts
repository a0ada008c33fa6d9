import type { Page } from '@playwright/test';
import { apiBuyCredits } from './api';
import { expect, holdSessionCheck, test } from './fixtures';

const HEADLINE = 'From a sentence to a space.';

/** Records every phase the intro passes through, in order, from the first paint on. */
async function recordIntroPhases(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { introPhases: seen });
    new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target as Element;
        if (target.classList?.contains('intro')) seen.push(target.getAttribute('data-phase') ?? '');
        for (const node of Array.from(record.addedNodes)) {
          if (node instanceof Element) node.querySelectorAll('.intro').forEach((intro) => seen.push(intro.getAttribute('data-phase') ?? ''));
        }
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-phase'] });
  });
}

function introPhases(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { introPhases: string[] }).introPhases);
}

test.describe('the landing page', () => {
  test('shows the whole page at once on a wide screen, with the intro beside the headline', async ({ page }) => {
    await page.goto('/');
    const headline = page.getByRole('heading', { level: 1, name: HEADLINE });
    await expect(headline).toBeVisible();
    const intro = page.getByRole('img', { name: 'Parti logo' });
    await expect
      .poll(async () => {
        const [headBox, introBox] = [await headline.boundingBox(), await intro.boundingBox()];
        return !!headBox && !!introBox && introBox.x > headBox.x + headBox.width / 2;
      })
      .toBe(true);
  });

  test('shows the headline and Start Free at once on a phone, the intro playing beside them', { tag: '@phone' }, async ({ page }) => {
    await recordIntroPhases(page);
    await page.goto('/');
    const headline = page.getByRole('heading', { level: 1, name: HEADLINE });
    const startFree = page.getByRole('button', { name: 'Start Free' }).first();
    const intro = page.getByRole('img', { name: 'Parti logo' });
    // All three on the first screen while the intro is still playing, the bar above them.
    await expect(headline).toBeInViewport();
    await expect(startFree).toBeInViewport({ ratio: 1 });
    await expect(intro).toBeInViewport({ ratio: 1 });
    await expect(page.locator('.mobile-bar')).toBeVisible();
    expect(await page.locator('.intro').getAttribute('data-phase')).not.toBe('final');
    // Beside the eyebrow, above the headline, clear of both.
    const [introBox, headBox] = [await intro.boundingBox(), await headline.boundingBox()];
    expect(introBox && headBox && introBox.y + introBox.height <= headBox.y).toBe(true);
    // The spec's phases, in order, once the shipped logos had loaded; a phase can be brief, so every
    // phase is recorded as it happens rather than caught while it lasts.
    await expect(page.locator('.intro')).toHaveAttribute('data-phase', 'final', { timeout: 10_000 });
    const phases = (await introPhases(page)).filter((phase, index, all) => phase !== all[index - 1]);
    expect(phases.indexOf('helix')).toBeGreaterThan(phases.indexOf('explode'));
    expect(phases.indexOf('final')).toBeGreaterThan(phases.indexOf('helix'));
    await expect(headline).toBeInViewport();
  });

  test.describe('with reduced motion', () => {
    test.use({ reducedMotion: 'reduce' });

    test('respects reduced motion: no explosion and no helix, the still logo beside the page', { tag: '@phone' }, async ({ page }) => {
      // Record every phase the intro passes through.
      await recordIntroPhases(page);
      await page.goto('/');
      await expect(page.getByRole('heading', { name: HEADLINE })).toBeVisible({ timeout: 10_000 });
      const phases = () => introPhases(page);
      await expect.poll(phases).toContain('final');
      expect(await phases()).not.toContain('explode');
      expect(await phases()).not.toContain('helix');
    });
  });

  test('loads both logo images from the app itself, never from another host', async ({ page }) => {
    const imageHosts = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'image') imageHosts.add(new URL(request.url()).host);
    });
    const logos = ['/logo-512.png', '/logo-128.png'].map((path) =>
      page.waitForResponse((response) => new URL(response.url()).pathname === path && response.ok()),
    );
    await page.goto('/');
    await Promise.all(logos);
    expect([...imageHosts]).toEqual([new URL(page.url()).host]);
  });

  test('scrolls to the top on load', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 2000));
    await page.getByRole('link', { name: 'Parti home' }).first().click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5000 }).toBe(0);
  });

  test('keeps one FAQ answer open at a time across its 14 questions', async ({ page }) => {
    await page.goto('/');
    const questions = page.locator('.faq-question button');
    await expect(questions).toHaveCount(14);
    const first = questions.nth(0);
    const second = questions.nth(1);
    const openAnswers = page.locator('.faq-answer:not([hidden])');
    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await second.click();
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(openAnswers).toHaveCount(1);
    await expect(openAnswers).toContainText('12 credits');
    // The keyboard works too, and a second press closes the open answer.
    await second.focus();
    await page.keyboard.press('Enter');
    await expect(openAnswers).toHaveCount(0);
  });

  test('states the facts the product promises', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const main = page.locator('main');
    for (const fact of ['Fast', 'Standard', 'Ultra', 'Concept', 'Up to 4 images per request', '1K, 2K or 4K', 'Unlimited badge', 'Blend 2–3 images', 'Download as .jpg', 'Copy any prompt', 'Delete a whole batch', 'Fullscreen viewing', 'Select for refinement', 'Anyone with an idea']) {
      await expect(main).toContainText(fact);
    }
    await expect(page.locator('.audience-list li')).toHaveCount(9);
    await expect(page.locator('.landing-steps li')).toHaveCount(3);
    await expect.poll(() => page.getByRole('table').locator('tbody tr').count()).toBeGreaterThan(4);
  });
});

test.describe('Start Free and Explore Plans', () => {
  test('sends a signed-out visitor to the Sign Up tab of /login and explains the 12-credit trial in its tooltip', async ({ page }) => {
    await page.goto('/');
    const startFree = page.getByRole('button', { name: 'Start Free' }).first();
    await expect(startFree).toHaveAttribute('aria-disabled', 'false');
    await startFree.hover();
    await expect(page.getByRole('tooltip').first()).toHaveText('Your free trial comes with 12 credits.');
    await expect(startFree).toHaveAttribute('aria-describedby', /.+/);
    await startFree.click();
    await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/startfree');
    await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
  });

  test('does nothing while the profile is still loading', async ({ page }) => {
    const release = await holdSessionCheck(page);
    await page.goto('/');
    const startFree = page.getByRole('button', { name: 'Start Free' }).first();
    await expect(startFree).toHaveAttribute('aria-disabled', 'true');
    // A real click: Playwright refuses to click an aria-disabled control, a person does not.
    // The button navigates synchronously in its click handler, so this is the moment it would.
    await startFree.dispatchEvent('click');
    await expect(page).toHaveURL((url) => url.pathname === '/');
    release();
    await expect(startFree).toHaveAttribute('aria-disabled', 'false');
    // Nothing was queued for later either.
    await expect(page).toHaveURL((url) => url.pathname === '/');
  });

  test('sends a free member to /startfree and a pro member to /generate', async ({ page, member }) => {
    await page.goto('/');
    // The page arrives prerendered for a visitor signed out: the button's target is the member's
    // once the app has hydrated and asked who is there.
    const startFreeForFree = page.getByRole('button', { name: 'Start Free' }).first();
    await expect(startFreeForFree).toHaveAttribute('data-target', '/startfree');
    await startFreeForFree.click();
    await expect(page).toHaveURL((url) => url.pathname === '/startfree');

    await apiBuyCredits(member, 3);
    await page.goto('/');
    const startFree = page.getByRole('button', { name: 'Start Free' }).first();
    await expect(startFree).toHaveAttribute('data-target', '/generate');
    await startFree.click();
    await expect(page).toHaveURL((url) => url.pathname === '/generate');
  });

  test('Explore Plans leads to /pricing', { tag: '@tablet' }, async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Explore Plans' }).first().click();
    await expect(page).toHaveURL((url) => url.pathname === '/pricing');
  });
});

test.describe('the footer', () => {
  test('appears on / and /about only, with contact, social links, credit and this year', async ({ page }) => {
    for (const path of ['/', '/about']) {
      await page.goto(path);
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('link', { name: 'hello@parti.studio' })).toHaveAttribute('href', 'mailto:hello@parti.studio');
      await expect(footer.getByRole('link', { name: /Instagram/ })).toHaveAttribute('href', /^https:\/\/www\.instagram\.com\//);
      await expect(footer.getByRole('link', { name: /LinkedIn/ })).toHaveAttribute('href', /^https:\/\/www\.linkedin\.com\//);
      await expect(footer).toContainText(`© ${new Date().getFullYear()} Parti`);
      await expect(footer).toContainText('Crafted');
    }
    for (const path of ['/gallery', '/pricing', '/login', '/no-such-page']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
    }
  });
});
