import { appUrl, expect, test, VIEWPORTS } from './fixtures';

// The cells' widths are the layout's, and the browser picks a rendition as the page loads: this runs at every width (@every-width).
test.describe('right-sized gallery images', { tag: '@every-width' }, () => {
  test('each card image loads a WebP rendition at least as wide as its cell at DPR 2, and at most about twice', async ({ browser, seeded }, testInfo) => {
    const viewport = testInfo.project.use.viewport ?? VIEWPORTS.desktop;
    const context = await browser.newContext({ baseURL: appUrl(), viewport, deviceScaleFactor: 2 });
    const page = await context.newPage();
    // A card of one image (the whole column) and a card of four (half a column each): tests/browser/global-setup.ts.
    await page.goto(`/gallery?q=${encodeURIComponent(seeded.renditions.word)}`);
    const images = page.locator('.gallery-card .card-image img');
    await expect(images).toHaveCount(5);
    for (const image of await images.all()) {
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.currentSrc !== '')).toBe(true);
      const measured = await image.evaluate(async (element: HTMLImageElement) => {
        // naturalWidth of a srcset image is scaled by its density; the file's own width is what counts.
        const file = new Image();
        file.src = element.currentSrc;
        await file.decode();
        return { src: element.currentSrc, fileWidth: file.naturalWidth, rendered: element.getBoundingClientRect().width };
      });
      expect(measured.src).toMatch(/-\d+w-[0-9a-f]{16}\.webp$/);
      const needed = measured.rendered * 2;
      // The full-size rendition is the most there is: a cell wider than the original gets it.
      if (measured.fileWidth < 1024) expect(measured.fileWidth).toBeGreaterThanOrEqual(needed);
      expect(measured.fileWidth).toBeLessThanOrEqual(needed * 2);
    }
    await context.close();
  });
});
