import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyCreditsFromPage, tokenFromPage } from './accounts';
import { baseUrl, holdSessionCheck, launchBrowser, newPage, signUpThroughForm, VIEWPORTS } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const HEADLINE = 'From a sentence to a space.';

describe('the landing page', () => {
  it('shows the whole page at once on a wide screen, with the intro beside the headline', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.desktop);
    await page.goto('/');
    const headline = page.getByRole('heading', { level: 1, name: HEADLINE });
    await headline.waitFor();
    const intro = page.getByRole('img', { name: 'Parti logo' });
    const [headBox, introBox] = [await headline.boundingBox(), await intro.boundingBox()];
    expect(headBox && introBox && introBox.x > headBox.x + headBox.width / 2).toBe(true);
    await expect(page.getByTestId('landing-intro').count()).resolves.toBe(0);
    await context.close();
  });

  it('plays the intro alone on a phone, then reveals the page after it completes', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.phone);
    await page.goto('/');
    const intro = page.getByTestId('landing-intro');
    await intro.waitFor();
    await expect(page.getByRole('heading', { name: HEADLINE }).count()).resolves.toBe(0);
    await expect(page.locator('.mobile-bar').isVisible()).resolves.toBe(false);
    // The phases run in order once the shipped logos have loaded.
    await page.locator('.intro[data-phase="helix"]').waitFor({ timeout: 10_000 });
    await page.locator('.intro[data-phase="final"]').waitFor({ timeout: 10_000 });
    await expect(page.getByRole('heading', { name: HEADLINE }).count()).resolves.toBe(0);
    await page.getByRole('heading', { name: HEADLINE }).waitFor({ timeout: 10_000 });
    await expect(intro.count()).resolves.toBe(0);
    await expect(page.locator('.mobile-bar').isVisible()).resolves.toBe(true);
    await context.close();
  });

  it('respects reduced motion: no explosion and no helix, the still logo then the page', async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: VIEWPORTS.phone, reducedMotion: 'reduce' });
    const page = await context.newPage();
    // Record every phase the intro passes through.
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
    await page.goto('/');
    await page.getByRole('heading', { name: HEADLINE }).waitFor({ timeout: 10_000 });
    const phases = await page.evaluate(() => (window as unknown as { introPhases: string[] }).introPhases);
    expect(phases).toContain('final');
    expect(phases).not.toContain('explode');
    expect(phases).not.toContain('helix');
    await context.close();
  });

  it('loads both logo images from the app itself, never from another host', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.desktop);
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
    await context.close();
  });

  it('scrolls to the top on load', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.desktop);
    await page.goto('/about');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 2000));
    await page.getByRole('link', { name: 'Parti home' }).first().click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5000 }).toBe(0);
    await context.close();
  });

  it('keeps one FAQ answer open at a time across its 14 questions', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.desktop);
    await page.goto('/');
    const questions = page.locator('.faq-question button');
    await questions.first().waitFor();
    await expect(questions.count()).resolves.toBe(14);
    const first = questions.nth(0);
    const second = questions.nth(1);
    await first.click();
    await expect(first.getAttribute('aria-expanded')).resolves.toBe('true');
    await second.click();
    await expect(second.getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(first.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(page.locator('.faq-answer:not([hidden])').count()).resolves.toBe(1);
    await expect(page.locator('.faq-answer:not([hidden])').textContent()).resolves.toContain('12 credits');
    // The keyboard works too, and a second press closes the open answer.
    await second.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('.faq-answer:not([hidden])').count()).resolves.toBe(0);
    await context.close();
  });

  it('states the facts the product promises', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.desktop);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const text = (await page.locator('main').textContent()) ?? '';
    for (const fact of ['Fast', 'Standard', 'Ultra', 'Concept', 'Up to 4 images per request', '1K or 2K', 'Unlimited badge', 'Blend 2–3 images', 'Download as .jpg', 'Copy any prompt', 'Delete a whole batch', 'Fullscreen viewing', 'Select for refinement', 'Anyone with an idea']) {
      expect(text).toContain(fact);
    }
    await expect(page.locator('.audience-list li').count()).resolves.toBe(9);
    await expect(page.locator('.landing-steps li').count()).resolves.toBe(3);
    await expect(page.getByRole('table').locator('tbody tr').count()).resolves.toBeGreaterThan(4);
    await context.close();
  });
});

describe('Start Free and Explore Plans', () => {
  it('sends a signed-out visitor to /login and explains the 12-credit trial in its tooltip', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.desktop);
    await page.goto('/');
    const startFree = page.getByRole('button', { name: 'Start Free' }).first();
    await expect.poll(() => startFree.getAttribute('aria-disabled'), { timeout: 15_000 }).toBe('false');
    await startFree.hover();
    await expect(page.getByRole('tooltip').first().textContent()).resolves.toBe('Your free trial comes with 12 credits.');
    await expect(startFree.evaluate((element) => element.getAttribute('aria-describedby'))).resolves.toBeTruthy();
    await startFree.click();
    await page.waitForURL((url) => url.pathname === '/login');
    await context.close();
  });

  it('does nothing while the profile is still loading', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.desktop);
    const release = await holdSessionCheck(page);
    await page.goto('/');
    const startFree = page.getByRole('button', { name: 'Start Free' }).first();
    await expect(startFree.getAttribute('aria-disabled')).resolves.toBe('true');
    // A real click: Playwright refuses to click an aria-disabled control, a person does not.
    await startFree.dispatchEvent('click');
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/');
    release();
    await expect.poll(() => startFree.getAttribute('aria-disabled'), { timeout: 15_000 }).toBe('false');
    await context.close();
  });

  it('sends a free member to /startfree and a pro member to /generate', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.desktop);
    const account = await signUpThroughForm(page);
    await page.waitForURL('**/startfree');
    await page.goto('/');
    await page.getByRole('button', { name: 'Start Free' }).first().click();
    await page.waitForURL((url) => url.pathname === '/startfree');

    await buyCreditsFromPage(page, await tokenFromPage(page, account.email, account.password), 3);
    await page.goto('/');
    const startFree = page.getByRole('button', { name: 'Start Free' }).first();
    await expect.poll(() => startFree.getAttribute('data-target'), { timeout: 15_000 }).toBe('/generate');
    await startFree.click();
    await page.waitForURL((url) => url.pathname === '/generate');
    await context.close();
  });

  it('Explore Plans leads to /pricing', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.tablet);
    await page.goto('/');
    await page.getByRole('link', { name: 'Explore Plans' }).first().click();
    await page.waitForURL((url) => url.pathname === '/pricing');
    await context.close();
  });
});

describe('the footer', () => {
  it('appears on / and /about only, with contact, social links, credit and this year', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.desktop);
    for (const path of ['/', '/about']) {
      await page.goto(path);
      const footer = page.getByRole('contentinfo');
      await footer.waitFor();
      await expect(footer.getByRole('link', { name: 'hello@parti.studio' }).getAttribute('href')).resolves.toBe('mailto:hello@parti.studio');
      await expect(footer.getByRole('link', { name: /Instagram/ }).getAttribute('href')).resolves.toMatch(/^https:\/\/www\.instagram\.com\//);
      await expect(footer.getByRole('link', { name: /LinkedIn/ }).getAttribute('href')).resolves.toMatch(/^https:\/\/www\.linkedin\.com\//);
      await expect(footer.textContent()).resolves.toContain(`© ${new Date().getFullYear()} Parti`);
      await expect(footer.textContent()).resolves.toContain('Crafted');
    }
    for (const path of ['/gallery', '/pricing', '/login', '/no-such-page']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await expect(page.getByRole('contentinfo').count()).resolves.toBe(0);
    }
    await context.close();
  });
});
