/**
 * Once the server is up and before any test: the shared read-only data (tests/browser/seeded.ts),
 * made through the real API once, with generations in flight side by side rather than one after
 * another. It is not made beside the first tests: the Worker renders views on one thread, and
 * eleven generations in flight starve those tests' page loads.
 */
import { GALLERY_PAGE_SIZE } from '#shared/limits';
import { apiGenerate, apiJson, apiProject, apiSignUp, uniqueWord, type ApiUser } from './api';
import { writeSeeded, type Seeded } from './seeded';

/** Gallery users: their generations go side by side, one at a time each. */
const GALLERY_USERS = 8;

interface Job {
  user: ApiUser;
  prompt: string;
  views?: number;
}

/**
 * Each user's jobs one after another, the users side by side: the server allows three unfinished
 * jobs per user, and one each is enough to keep the engine busy.
 */
async function generateAll(jobs: Job[]): Promise<void> {
  const byUser = new Map<string, Job[]>();
  for (const job of jobs) byUser.set(job.user.email, [...(byUser.get(job.user.email) ?? []), job]);
  await Promise.all(
    [...byUser.values()].map(async (queue) => {
      for (const job of queue) await apiGenerate(job.user, job.prompt, { views: job.views ?? 1 });
    }),
  );
}

export default async function seed(): Promise<void> {
  const started = performance.now();
  const [renditionsUser, masonryUser, tourUser, ...galleryUsers] = await Promise.all(Array.from({ length: 3 + GALLERY_USERS }, () => apiSignUp()));
  if (!renditionsUser || !masonryUser || !tourUser) throw new Error('sign-up failed');

  const galleryWord = uniqueWord();
  const galleryTotal = GALLERY_PAGE_SIZE + 5;
  const galleryPrompt = (index: number) => `A timber courtyard house ${galleryWord} study ${index}`;
  const gallery: Job[] = Array.from({ length: galleryTotal }, (_, index) => ({
    user: galleryUsers[index % GALLERY_USERS] as ApiUser,
    prompt: galleryPrompt(index),
    views: index === 0 ? 3 : 1,
  }));
  const renditionsWord = uniqueWord();
  const renditions: Job[] = [
    { user: renditionsUser, prompt: `A brick library ${renditionsWord} alone` },
    { user: renditionsUser, prompt: `A brick library ${renditionsWord} in four views`, views: 4 },
  ];
  const masonry: Job[] = Array.from({ length: 6 }, (_, index) => ({ user: masonryUser, prompt: `A courtyard house study number ${index + 1}` }));
  const [tour] = await Promise.all([seedTour(tourUser), generateAll([...gallery, ...renditions, ...masonry])]);

  const made = gallery.length + renditions.length + masonry.length + tour.generationIds.length;
  writeSeeded({
    gallery: { word: galleryWord, total: galleryTotal, multiViewPrompt: galleryPrompt(0), lastPrompt: galleryPrompt(galleryTotal - 1) },
    renditions: { word: renditionsWord },
    masonry: { email: masonryUser.email },
    tour,
  });
  console.log(`Seeded ${made} generations in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * The tour member's project: a root of two views (the studio's viewer steps through a batch) and
 * two versions made from it, one generation outside, and a review link.
 */
async function seedTour(user: ApiUser): Promise<Seeded['tour']> {
  const projectId = await apiProject(user, 'Courtyard school', { materials: 'Larch timber and brick' });
  const [root, outside] = await Promise.all([
    apiGenerate(user, 'A courtyard school in brick, a timber pavilion by a lake', { projectId, aspectRatio: '16:9', views: 2 }),
    apiGenerate(user, 'A brick boathouse on a jetty at dawn'),
  ]);
  const versions = await Promise.all([
    apiGenerate(user, 'The courtyard school with a second storey', { projectId, parentId: root, aspectRatio: '16:9' }),
    apiGenerate(user, 'The courtyard school with a timber roof', { projectId, parentId: root, aspectRatio: '16:9' }),
  ]);
  const link = await apiJson<{ url: string }>(`/api/projects/${projectId}/review-links`, user.token, 'POST', { allowDownload: true });
  return { email: user.email, projectId, generationIds: [root, ...versions, outside], reviewUrl: link.url };
}
