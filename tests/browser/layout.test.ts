/**
 * The layout tour (docs/decisions/0080-browser-suite-once-per-flow.md): every route, in the states
 * its screen has, looked at in each of the three widths. The tour walks each route once, at
 * 1440 px, and at every stop turns the window to 768 and 375 px and back, as a person resizing it
 * or turning a tablet would: the app follows (its media queries and useMediaQuery), and each width
 * costs a relayout instead of a fresh page, a sign-in and the walk again (three walks were a fifth
 * of the browser suite's time). At each width of each stop the page is at rest and: nothing
 * scrolls sideways, axe finds no serious or critical violation, every control meets the 24 px
 * target size, and the stop's key elements are visible. The flows themselves run once, in their
 * own files, and the states a phone reaches its own way (the menu panel, the sheets, touch) are
 * @phone flows there; the data here is the seeded tour member's (tests/browser/global-setup.ts) or
 * made through the API.
 *
 * The tour asks for reduced motion: what it checks is each screen at rest, which the app then
 * reaches without playing its animations (the landing's intro took four seconds a visit). The
 * animated paths are the flows' own: the intro's in landing.test.ts and first-screen.test.ts,
 * the flicker's in compare.test.ts.
 */
import type { Locator, Page } from '@playwright/test';
import type { CreatedInvitation } from '#shared/workspace-types';
import { apiBuyPoolCredits, apiGenerate, apiJoin, apiJson, apiProject, apiSignUp, apiWorkspace, PASSWORD, uniqueEmail } from './api';
import { atEachWidth, expect, horizontalOverflow, hydrated, logInInContext, seriousViolations, settleAnimations, SMALLER_WIDTHS, test, VIEWPORTS } from './fixtures';
import type { Seeded } from './seeded';

/** A stop's key element, to be visible at every width, or a check of its own to pass at each. */
type Key = Locator | (() => Promise<void>);

/** The checks of one width, polled so a transition still ending cannot fail them. */
async function expectSoundHere(page: Page, what: string, keys: readonly Key[]): Promise<void> {
  for (const key of keys) {
    if (typeof key === 'function') await key();
    else await expect(key, `${what}: a key element`).toBeVisible();
  }
  await settleAnimations(page);
  await expect.poll(() => horizontalOverflow(page), { message: `overflow on ${what}` }).toBe(0);
  await expect.poll(() => seriousViolations(page, { targetSize: true }), { message: `axe on ${what}` }).toEqual([]);
}

/** Each pair of the version tree's cards that overlap, by their version names. */
function overlappingTreeCards(page: Page): Promise<string[]> {
  return page.locator('.tree-node').evaluateAll((cards) => {
    const boxes = cards.map((card) => ({ name: card.querySelector('.tree-node-version')?.textContent ?? '?', box: card.getBoundingClientRect() }));
    return boxes.flatMap((a, index) =>
      boxes
        .slice(index + 1)
        .filter(({ box: b }) => a.box.left < b.right && b.left < a.box.right && a.box.top < b.bottom && b.top < a.box.bottom)
        .map((b) => `${a.name} and ${b.name}`),
    );
  });
}

/**
 * The checks of a stop at each of the tour's widths, ending at the one the page had; `keys` must
 * be visible at each.
 */
async function expectSound(page: Page, what: string, ...keys: Key[]): Promise<void> {
  await atEachWidth(page, (width) => expectSoundHere(page, `${what} at ${width}`, keys));
}

/** The checks of a stop at 768 and 375 px, ending at the width the page had. */
async function expectSoundSmaller(page: Page, what: string, ...keys: Key[]): Promise<void> {
  await atEachWidth(page, (width) => expectSoundHere(page, `${what} at ${width}`, keys), SMALLER_WIDTHS);
}

test.use({ reducedMotion: 'reduce' });

/** Opens a route and waits until it has rendered its content, the landing's intro at its end included. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  if (path === '/' || path === '/about') {
    // With reduced motion the intro goes to its last phase once its logos have loaded.
    await expect(page.locator('.landing-hero .intro[data-phase="final"]')).toBeAttached();
  }
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
}

/** The tour member (tests/browser/seeded.ts), signed in with a session of this test's own in every test that uses it. */
const tourTest = test.extend<{ tour: Seeded['tour'] }>({
  tour: [
    async ({ context, seeded }, use) => {
      await logInInContext(context, { email: seeded.tour.email, password: PASSWORD });
      await use(seeded.tour);
    },
    { auto: true },
  ],
});

test.describe('signed out', { tag: '@layout' }, () => {
  test('the landing page and About', async ({ page }) => {
    await visit(page, '/');
    await expectSound(page, '/', page.getByRole('button', { name: 'Start Free' }).first(), page.getByRole('link', { name: 'Explore Plans' }).first());
    await visit(page, '/about');
    await expectSound(page, '/about', page.getByRole('contentinfo'));
  });

  test('the gallery', async ({ page, seeded }) => {
    await visit(page, `/gallery?q=${encodeURIComponent(`${seeded.gallery.word} study 1`)}`);
    await expectSound(page, '/gallery', page.locator('.gallery-card').first(), page.getByRole('searchbox', { name: 'Search prompts' }));
  });

  test('the pricing page, whose status banner moves no card', async ({ page }) => {
    await visit(page, '/pricing');
    const pro = page.locator('article.plan-card--pro');
    await expect(page.locator('article.plan-card')).toHaveCount(3);
    await expect(pro.getByRole('button', { name: 'Buy Credits' })).toBeEnabled();
    await expectSound(page, '/pricing', pro.getByRole('button', { name: 'Buy Credits' }));
    // Measured from the top of the document, so scrolling does not count as a shift.
    const top = () => pro.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
    const before = await top();
    await pro.getByRole('button', { name: 'Buy Credits' }).click();
    await expect(page.getByRole('alert').getByText('Please log in to make a payment.')).toBeVisible();
    expect(await top()).toBe(before);
    await expectSound(page, '/pricing with its status banner', page.getByRole('alert').getByText('Please log in to make a payment.'));
  });

  test('both sign-in tabs and the 404 page', async ({ page }) => {
    await visit(page, '/login');
    await expectSound(page, '/login', page.getByLabel('Email'));
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await expectSound(page, '/login, Sign Up', page.locator('form').getByRole('button', { name: 'Sign Up' }));
    await visit(page, '/no-such-page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 - Page Not Found');
    await expectSound(page, '/no-such-page', page.getByRole('heading', { level: 1 }));
  });

  test('a client’s review page: the versions, the comparison, a version with its thread, the name dialog and the board', async ({ page, seeded }) => {
    await page.goto(seeded.tour.reviewUrl);
    await hydrated(page);
    await expectSound(
      page,
      'the versions',
      page.getByRole('heading', { level: 1, name: 'Courtyard school' }),
      page.getByRole('button', { name: /^Open version [A-Z]\d to comment$/ }).first(),
    );
    const versions = page.getByRole('checkbox', { name: /^Add version .+ to the comparison$/ });
    await versions.nth(0).check();
    await versions.nth(1).check();
    await page.getByRole('button', { name: 'Compare selected' }).click();
    await expectSound(page, 'the comparison', page.getByRole('button', { name: 'Close comparison' }));
    await page.getByRole('button', { name: 'Close comparison' }).click();
    await page.getByRole('button', { name: /^Open version [A-Z]\d to comment$/ }).first().click();
    await expect(page.getByRole('link', { name: 'Download original' })).toBeVisible();
    await page.getByRole('button', { name: 'Comment on the whole image', exact: true }).click();
    await page.getByLabel('Comment on the whole image', { exact: true }).fill('The brick looks right.');
    await page.getByRole('button', { name: 'Post comment' }).click();
    await expectSound(page, 'the name dialog', page.getByRole('dialog', { name: 'Your name' }));
    await page.getByLabel('Display name').fill('Ben');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectSound(page, 'a version with its thread', page.getByText('The brick looks right.').first());
    // Downloads are allowed: the reviewer may lay the originals out on a board.
    await page.getByRole('button', { name: 'Presentation board' }).click();
    await expectSound(
      page,
      'the presentation board',
      page.getByRole('heading', { level: 2, name: 'Presentation board' }),
      page.getByRole('button', { name: 'Export PDF' }),
    );
  });
});

tourTest.describe('signed in', { tag: '@layout' }, () => {
  tourTest('the landing, pricing and studio routes of a free member', async ({ page }) => {
    await visit(page, '/');
    await expectSound(page, '/ signed in', page.getByRole('heading', { level: 1 }).first());
    await visit(page, '/pricing');
    await expectSound(page, '/pricing signed in', page.getByText(/^Free Member — \d+ Credits Left$/));
    await page.goto('/home');
    await expectSound(page, '/home', page.getByRole('textbox', { name: 'Prompt' }));
  });

  tourTest('the studio in a project: its batches, the preset bar and the viewer', async ({ page, tour }) => {
    await page.goto(`/startfree?project=${tour.projectId}`);
    await expect(page.getByRole('combobox', { name: 'Project' })).toHaveValue(tour.projectId);
    await expectSound(page, 'the studio', page.locator('.studio-batch').first());
    await page.getByRole('button', { name: 'Presets', exact: true }).click();
    await page.getByRole('combobox', { name: 'Time of day preset' }).selectOption('golden-hour');
    await expectSound(page, 'the studio with the preset bar open', page.getByRole('combobox', { name: 'Time of day preset' }));
    await page.getByRole('button', { name: 'Presets', exact: true }).click();
    // The root's two views: the viewer steps through the opened batch.
    await page.locator('.studio-batch').first().getByRole('button', { name: 'Open image 1 of 2' }).click();
    const viewer = page.getByRole('dialog', { name: 'Image viewer' });
    // The viewer's own controls are the 44 px targets the app promises at every width.
    const bigTargets = async () => {
      for (const name of ['Next image', 'Previous image']) {
        await expect(viewer.getByRole('button', { name })).toBeVisible();
        expect((await viewer.getByRole('button', { name }).boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
      }
    };
    await expectSound(page, 'the viewer', bigTargets, viewer.getByRole('button', { name: 'Copy prompt' }), viewer.getByRole('button', { name: /Download/ }));
  });

  tourTest('the dashboard and the Credits page', async ({ page, tour }) => {
    await page.goto('/dashboard');
    await expect(page.locator('.dashboard-card')).toHaveCount(tour.generationIds.length);
    await expectSound(page, '/dashboard', page.locator('.dashboard-card').first());
    await page.goto('/credits');
    // The sign-up grant and one charge per generation.
    await expect(page.locator('table.ledger-table tbody tr')).toHaveCount(1 + tour.generationIds.length);
    await expectSound(page, '/credits', page.locator('table.ledger-table'));
  });

  tourTest('the Projects view, the project page and its board', async ({ page, tour }) => {
    await page.goto('/projects');
    await expectSound(page, '/projects', page.getByRole('article', { name: 'Courtyard school' }));
    await page.goto(`/projects/${tour.projectId}`);
    await expect(page.locator('.tree-node')).toHaveCount(3);
    await expectSound(page, 'the project page', page.locator('.tree-node').first(), () => expect.poll(() => overlappingTreeCards(page)).toEqual([]));
    await page.goto(`/projects/${tour.projectId}/board`);
    const toggles = page.getByRole('group', { name: 'Choose images' }).getByRole('button');
    // The board reopens as it was left (docs/decisions/0088-saved-boards.md), maybe by a retry of this test: two images on it.
    await expect(toggles).not.toHaveCount(0);
    for (const toggle of (await toggles.all()).slice(0, 2)) {
      if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
    }
    await expect(page.getByRole('figure').getByRole('img')).toHaveCount(2);
    await expectSound(page, 'the board', page.getByRole('figure').getByRole('img').first(), page.getByRole('button', { name: 'Export PDF' }));
  });

  tourTest('the compare screen in each mode', async ({ page, tour }) => {
    const [root, version] = tour.generationIds;
    await page.goto(`/compare?items=${root}.0,${version}.0`);
    await expect(page.locator('.compare-pane')).toHaveCount(2);
    for (const mode of ['Side by side', 'Wipe', 'Flicker'] as const) {
      await page.getByRole('button', { name: mode, exact: true }).click();
      // Reduced motion: the flicker waits to be played.
      if (mode === 'Flicker') await expect(page.getByRole('button', { name: 'Play flicker' })).toBeVisible();
      await expectSound(page, `compare, ${mode}`, page.getByRole('button', { name: mode, exact: true }));
    }
  });
});

// The workspace screens at 768 and 375 px: at 1440 px their flow checks them (workspaces.test.ts).
test.describe('a team workspace', { tag: '@layout' }, () => {
  test('its page, the switcher, its spend with a member’s rows, a new workspace and an invitation, signed out and for another email', async ({ page, member: owner, openPage }) => {
    const workspace = await apiWorkspace(owner, 'Studio Nord');
    await apiBuyPoolCredits(owner, workspace.id, 10);
    const colleague = await apiSignUp();
    await apiJoin(owner, workspace.id, colleague);
    const projectId = await apiProject(owner, 'Harbour library', undefined, workspace.id);
    const brick = await apiGenerate(owner, 'A harbour library in brick', { projectId, workspaceId: workspace.id });
    // A version of the owner's by the colleague: a tree of two rows whose cards name their authors.
    await apiGenerate(colleague, 'The reading room at dusk', { projectId, workspaceId: workspace.id, parentId: brick });
    const invitation = await apiJson<CreatedInvitation>(`/api/workspaces/${workspace.id}/invitations`, owner.token, 'POST', { email: uniqueEmail('invitee'), role: 'viewer' });

    await visit(page, `/workspaces/${workspace.id}`);
    await expect(page.getByTestId('member-row')).toHaveCount(2);
    await expect(page.getByRole('button', { name: `Withdraw: ${invitation.email}` })).toBeVisible();
    await expectSoundSmaller(page, 'the workspace page');
    await page.getByRole('button', { name: 'Work in this workspace' }).click();
    await expect(page.getByText('You are working in this workspace.')).toBeVisible();

    // The switcher: in the rail on a tablet, in the menu's panel on a phone.
    await atEachWidth(
      page,
      async (width) => {
        const phone = (page.viewportSize()?.width ?? 0) < VIEWPORTS.tablet.width;
        if (phone) await page.getByRole('button', { name: 'Open menu' }).click();
        const spaceButton = phone ? page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Studio Nord' }) : page.getByRole('button', { name: 'Space: Studio Nord' });
        await spaceButton.click();
        await expect(page.getByRole('menuitemradio', { name: /Studio Nord/ })).toHaveAttribute('aria-checked', 'true');
        await expectSoundHere(page, `the space switcher at ${width}`, []);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('menuitemradio', { name: /Studio Nord/ })).toHaveCount(0);
      },
      SMALLER_WIDTHS,
    );

    // A workspace project's tree: the tallest cards, with their authors, in rows that must not overlap.
    await visit(page, `/projects/${projectId}`);
    await expect(page.locator('.tree-node')).toHaveCount(2);
    await expectSound(page, 'a workspace project', page.locator('.tree-node').first(), () => expect.poll(() => overlappingTreeCards(page)).toEqual([]));

    await visit(page, `/workspaces/${workspace.id}/spend`);
    const line = page.getByTestId('spend-member').filter({ hasText: colleague.email });
    await line.getByRole('button').click();
    await expect(page.getByRole('heading', { name: `Ledger rows: ${colleague.email}` })).toBeVisible();
    await expect(page.getByTestId('spend-entry')).toHaveCount(1);
    await expectSoundSmaller(page, 'the spend view');

    await visit(page, '/workspaces/new');
    await expect(page.getByLabel('Practice name')).toBeVisible();
    await expectSoundSmaller(page, '/workspaces/new');

    const stranger = await openPage({ viewport: VIEWPORTS.desktop, reducedMotion: 'reduce' });
    await visit(stranger, `/invitations/${invitation.token}`);
    await expect(stranger.getByRole('link', { name: 'Sign up' })).toBeVisible();
    await expectSound(stranger, 'an invitation, signed out');
    const otherEmail = await openPage({ viewport: VIEWPORTS.desktop, reducedMotion: 'reduce', signedInAs: colleague });
    await visit(otherEmail, `/invitations/${invitation.token}`);
    await expect(otherEmail.getByText(/^This invitation cannot be used\./)).toBeVisible();
    await expectSound(otherEmail, 'an invitation for another email');
  });
});
