/**
 * What a leaked or careless review link could do to the page (issue 22, items 4 and 6): a long
 * unbroken comment or name wraps instead of pushing Approve off a phone; one name on two links is
 * two reviewers in the owner's panel; long threads come a page at a time on both sides.
 */
import { apiJson, appUrl, type ApiUser } from './api';
import { atEachWidth, expect, horizontalOverflow, hydrated, seriousViolations, test } from './fixtures';

/**
 * An owner signed up from `page` through the API (the page keeps the session's cookie), with a
 * one-version project; returns a token of the owner's and the project.
 */
/** The member's project holding one Fast view, made through the API; the page is signed in as the member. */
async function ownerWithProject(member: ApiUser, name: string): Promise<{ token: string; projectId: string; generationId: string }> {
  const { token } = member;
  const project = await apiJson<{ id: string }>('/api/projects', token, 'POST', { name });
  const generation = await apiJson<{ generationId: string }>('/api/generate', token, 'POST', {
    prompt: 'A brick library on a hillside, study',
    model: 'fast',
    aspectRatio: '4:3',
    numberOfViews: 1,
    isRefinement: false,
    referenceImages: [],
  });
  await apiJson(`/api/generations/${generation.generationId}`, token, 'PATCH', { projectId: project.id });
  return { token, projectId: project.id, generationId: generation.generationId };
}

async function reviewLink(token: string, projectId: string): Promise<string> {
  return (await apiJson<{ url: string }>(`/api/projects/${projectId}/review-links`, token, 'POST', {})).url;
}

test('a long comment and a long name wrap instead of widening the page: Approve stays on the screen at every width', async ({ page, member }) => {
  const { token, projectId } = await ownerWithProject(member, 'Hillside Library');
  await page.goto(await reviewLink(token, projectId));
  await hydrated(page);
  await page.getByRole('button', { name: 'Open version A1 to comment' }).click();
  await page.getByRole('button', { name: 'Comment on the whole image' }).click();
  const unbroken = 'Thebrickcoursingshouldrunallthewayroundthecorner'.repeat(12);
  await page.getByLabel('Comment on the whole image').fill(unbroken);
  await page.getByRole('button', { name: 'Post comment' }).click();

  const dialog = page.getByRole('dialog', { name: 'Your name' });
  // A name needs a letter: digits alone are refused before anything is sent.
  await dialog.getByLabel('Display name').fill('1234');
  await expect(dialog.getByText('Please enter your name, with at least one letter.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await dialog.getByLabel('Display name').fill('W'.repeat(80));
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(unbroken)).toBeVisible();

  const approve = page.getByRole('group', { name: 'Your decision' }).getByRole('button', { name: 'Approve' });
  await approve.click();
  await expect(page.getByRole('group', { name: 'Your decision' }).getByRole('button', { name: 'Approved' })).toBeVisible();
  // The thread holds the long words: at each width the page does not scroll sideways and the
  // decision stays inside the screen.
  await atEachWidth(page, async (width) => {
    await expect.poll(() => horizontalOverflow(page), { message: `overflow at ${width}` }).toBe(0);
    const viewport = page.viewportSize()?.width ?? 0;
    const box = await page.getByRole('group', { name: 'Your decision' }).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= viewport, `Approve inside the screen at ${width}`).toBe(true);
    await expect.poll(() => seriousViolations(page), { message: `axe at ${width}` }).toEqual([]);
  });

  // Back in the grid, the card's summary names the reviewer without widening the page either.
  await page.getByRole('button', { name: 'All versions' }).click();
  await expect(page.getByText(`Approved by ${'W'.repeat(80)}`)).toBeVisible();
  await atEachWidth(page, async (width) => {
    await expect(page.getByText(`Approved by ${'W'.repeat(80)}`)).toBeVisible();
    await expect.poll(() => horizontalOverflow(page), { message: `overflow of the grid at ${width}` }).toBe(0);
  });
});

test('one name on two links is two reviewers in the owner’s panel, each named with its link', async ({ page, member, openPage }) => {
  const { token, projectId } = await ownerWithProject(member, 'Two Links House');
  const first = await reviewLink(token, projectId);
  const second = await reviewLink(token, projectId);

  const decide = async (url: string, name: string, button: 'Approve' | 'Request changes') => {
    const client = await openPage();
    await client.goto(url);
    await hydrated(client);
    await client.getByRole('button', { name: 'Add your name' }).click();
    await client.getByLabel('Display name').fill(name);
    await client.getByRole('button', { name: 'Continue' }).click();
    await client.getByRole('group', { name: 'Version A1' }).getByRole('button', { name: button }).click();
    await expect(client.getByRole('group', { name: 'Version A1' }).getByRole('button', { pressed: true })).toBeVisible();
    return client;
  };
  const jane = await decide(first, 'Client Jane', 'Approve');
  await decide(second, ' client  JANE ', 'Request changes');

  // Link 1's reviewer still sees her approval, untouched by link 2.
  await jane.reload();
  await expect(jane.getByText('Approved by Client Jane')).toBeVisible();
  await expect(jane.getByText(/Changes requested by/)).toHaveCount(0);

  // The owner sees both, each with the time its link was made.
  await page.goto(`/projects/${projectId}`);
  const feedback = page.getByRole('region', { name: 'Client feedback' });
  await expect(feedback.getByText(/^Approved — Client Jane · link of .+ · .+$/)).toBeVisible();
  await expect(feedback.getByText(/^Changes requested — client JANE · link of .+ · .+$/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Version tree' }).getByText('Changes requested')).toBeVisible();
});

test('long threads come a page at a time, on the review page and in the owner’s panel', async ({ page, member, openPage }) => {
  const { token, projectId, generationId } = await ownerWithProject(member, 'Busy Thread House');
  const url = await reviewLink(token, projectId);
  const reviewToken = new URL(url).pathname.split('/').at(-1) ?? '';
  const total = 105;
  // Ten names and five addresses keep every post within the per-name and per-address limits.
  for (let n = 1; n <= total; n += 1) {
    const response = await fetch(`${appUrl()}/api/review/${reviewToken}/comments`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': `198.51.100.${200 + Math.floor(n / 25)}` },
      body: JSON.stringify({ generationId, body: `Note ${n}`, name: `Reviewer ${Math.floor(n / 10)}` }),
    });
    expect(response.status, `comment ${n}`).toBe(201);
  }

  const client = await openPage();
  await client.goto(url);
  await hydrated(client);
  await expect(client.getByText(`${total} comments`)).toBeVisible();
  await client.getByRole('button', { name: 'Open version A1 to comment' }).click();
  await expect(client.getByText('Note 100', { exact: true })).toBeVisible();
  await expect(client.getByText(`Note ${total}`, { exact: true })).toHaveCount(0);
  await client.getByRole('button', { name: 'Show more comments' }).click();
  await expect(client.getByText(`Note ${total}`, { exact: true })).toBeVisible();
  await expect(client.getByRole('button', { name: 'Show more comments' })).toHaveCount(0);

  await page.goto(`/projects/${projectId}`);
  const feedback = page.getByRole('region', { name: 'Client feedback' });
  await expect(feedback.getByText('Note 100', { exact: true })).toBeVisible();
  await expect(feedback.getByText(`Note ${total}`, { exact: true })).toHaveCount(0);
  await feedback.getByRole('button', { name: 'Show more comments' }).click();
  await expect(feedback.getByText(`Note ${total}`, { exact: true })).toBeVisible();
  await expect(feedback.getByRole('button', { name: 'Show more comments' })).toHaveCount(0);
});
