/**
 * Once the server is up: the shared read-only data (tests/browser/seeded.ts), made through the
 * real API while the first tests run, and written when it is all there; the `seeded` fixture waits
 * for it. The Worker renders views on one thread, so at most SEEDING_LANES generations are in
 * flight: eleven at once (one per user) left the first tests' page loads waiting past their time
 * limit, three keep the thread busy and a page's request waits behind at most that many views.
 */
import { GALLERY_PAGE_SIZE } from '#shared/limits';
import { apiGenerate, apiJson, apiProject, apiSignUp, uniqueWord, type ApiUser } from './api';
import { writeSeedingOutcome, type Seeded } from './seeded';

/** Gallery users: the gallery's cards come from several people. */
const GALLERY_USERS = 8;
/** Generations in flight at once; the tour's project, whose versions wait for their root, is one of them. */
const SEEDING_LANES = 3;

interface Job {
  user: ApiUser;
  prompt: string;
  views?: number;
  aspectRatio?: string;
}

/** The jobs in order, `lanes` at a time (never more than the three unfinished jobs a user may have). */
async function generateAll(jobs: Job[], lanes: number): Promise<void> {
  const queue = [...jobs];
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      for (let job = queue.shift(); job; job = queue.shift()) {
        await apiGenerate(job.user, job.prompt, { views: job.views ?? 1, ...(job.aspectRatio ? { aspectRatio: job.aspectRatio } : {}) });
      }
    }),
  );
}

async function seed(): Promise<Seeded> {
  const started = performance.now();
  const [renditionsUser, masonryUser, tourUser, ...galleryUsers] = await Promise.all(Array.from({ length: 3 + GALLERY_USERS }, () => apiSignUp()));
  if (!renditionsUser || !masonryUser || !tourUser) throw new Error('sign-up failed');

  const galleryWord = uniqueWord();
  const galleryTotal = GALLERY_PAGE_SIZE + 5;
  const galleryPrompt = (index: number) => `A timber courtyard house ${galleryWord} study ${index}`;
  // 16:9 views have 56 % of a square's pixels, and the gallery's checks hold for any shape.
  const gallery: Job[] = Array.from({ length: galleryTotal }, (_, index) => ({
    user: galleryUsers[index % GALLERY_USERS] as ApiUser,
    prompt: galleryPrompt(index),
    views: index === 0 ? 3 : 1,
    aspectRatio: '16:9',
  }));
  const renditionsWord = uniqueWord();
  const renditions: Job[] = [
    { user: renditionsUser, prompt: `A brick library ${renditionsWord} alone` },
    { user: renditionsUser, prompt: `A brick library ${renditionsWord} in four views`, views: 4 },
  ];
  const masonry: Job[] = Array.from({ length: 6 }, (_, index) => ({ user: masonryUser, prompt: `A courtyard house study number ${index + 1}` }));
  const [tour] = await Promise.all([seedTour(tourUser), generateAll([...gallery, ...renditions, ...masonry], SEEDING_LANES - 1)]);

  const made = gallery.length + renditions.length + masonry.length + tour.generationIds.length;
  console.log(`Seeded ${made} generations in ${((performance.now() - started) / 1000).toFixed(1)} s, beside the first tests`);
  return {
    gallery: { word: galleryWord, total: galleryTotal, multiViewPrompt: galleryPrompt(0), lastPrompt: galleryPrompt(galleryTotal - 1) },
    renditions: { word: renditionsWord },
    masonry: { email: masonryUser.email },
    tour,
  };
}

/**
 * The tour member's project, one generation at a time: a root of two views (the studio's viewer
 * steps through a batch) and two versions made from it, one generation outside, and a review link.
 */
async function seedTour(user: ApiUser): Promise<Seeded['tour']> {
  const projectId = await apiProject(user, 'Courtyard school', { materials: 'Larch timber and brick' });
  const root = await apiGenerate(user, 'A courtyard school in brick, a timber pavilion by a lake', { projectId, aspectRatio: '16:9', views: 2 });
  const outside = await apiGenerate(user, 'A brick boathouse on a jetty at dawn');
  const versions = [
    await apiGenerate(user, 'The courtyard school with a second storey', { projectId, parentId: root, aspectRatio: '16:9' }),
    await apiGenerate(user, 'The courtyard school with a timber roof', { projectId, parentId: root, aspectRatio: '16:9' }),
  ];
  const link = await apiJson<{ url: string }>(`/api/projects/${projectId}/review-links`, user.token, 'POST', { allowDownload: true });
  return { email: user.email, projectId, generationIds: [root, ...versions, outside], reviewUrl: link.url };
}

/** Starts the seeding and returns at once; the returned teardown waits for it, so no request outlives the run. */
export default function startSeeding(): () => Promise<void> {
  const seeding = seed().then(
    (data) => writeSeedingOutcome({ data }),
    (error: unknown) => writeSeedingOutcome({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
  return () => seeding;
}
