import { describe, expect, it } from 'vitest';
import { currentDecisions, hasVisibleLetter, linkExpiry, linkState, normaliseCommentBody, normaliseReviewerName, reviewerKey } from '#shared/review-rules';
import { reviewPath, type ReviewApproval, type ReviewComment, type ReviewPage, type ReviewReply } from '#shared/review-types';
import { reviewFocusSizes, reviewGridSizes } from '#shared/review-layout';
import { reviewPath as appReviewPath } from '../../../frontend/app/routing';
import {
  cleanReviewerName,
  decisionSummary,
  imageThread,
  isPostableComment,
  keepLaterComments,
  mergeComments,
  ownDecision,
  pinFromPoint,
  readReviewerName,
  REVIEWER_NAME_STORAGE_KEY,
  saveReviewerName,
  toggleCompare,
} from '../../../frontend/review/rules';

const approval = (id: string, generationId: string, reviewerName: string, status: ReviewApproval['status']): ReviewApproval => ({
  id,
  generationId,
  reviewerName,
  status,
  createdAt: '2026-11-23T00:00:00.000Z',
});

const comment = (id: string, imageIndex: number, pin: [number, number] | null, generationId = 'g1'): ReviewComment => ({
  id,
  generationId,
  imageIndex,
  body: id,
  authorName: 'Anna',
  x: pin ? pin[0] : null,
  y: pin ? pin[1] : null,
  resolvedAt: null,
  createdAt: '2026-11-23T00:00:00.000Z',
});

describe('pins and threads', () => {
  it('turns a click into 0–1 of the image, clamped and rounded', () => {
    const rect = { left: 100, top: 50, width: 400, height: 200 };
    expect(pinFromPoint({ x: 200, y: 100 }, rect)).toEqual({ x: 0.25, y: 0.25 });
    expect(pinFromPoint({ x: 50, y: 400 }, rect)).toEqual({ x: 0, y: 1 });
    expect(pinFromPoint({ x: 233.33333, y: 50 }, rect)).toEqual({ x: 0.3333, y: 0 });
  });

  it('numbers the pins of one image in order; whole-image comments have no number', () => {
    const thread = imageThread([comment('c1', 0, [0.1, 0.1]), comment('c2', 1, [0.2, 0.2]), comment('c3', 0, null), comment('c4', 0, [0.5, 0.5]), comment('c5', 0, [0.4, 0.4], 'g2')], 'g1', 0);
    expect(thread.map((entry) => [entry.comment.id, entry.number])).toEqual([
      ['c1', 1],
      ['c3', null],
      ['c4', 2],
    ]);
  });
});

describe('decisions', () => {
  it('counts the latest decision per version and reviewer, names compared loosely', () => {
    const history = [
      approval('1', 'g1', 'Anna', 'changes_requested'),
      approval('2', 'g1', 'Ben', 'approved'),
      approval('3', 'g1', ' anna ', 'approved'),
      approval('4', 'g2', 'Anna', 'changes_requested'),
    ];
    const current = currentDecisions(history);
    expect(current.map((decision) => decision.id)).toEqual(['2', '3', '4']);
    expect(decisionSummary(current, 'g1')).toEqual({ approved: ['Ben', ' anna '], changes: [], standing: 'approved' });
    expect(decisionSummary(current, 'g2').standing).toBe('changes_requested');
    expect(decisionSummary(current, 'g3').standing).toBeNull();
    expect(ownDecision(current, 'g1', 'ANNA')).toBe('approved');
    expect(ownDecision(current, 'g1', null)).toBeNull();
    expect(reviewerKey('  Anna   Maria ')).toBe('anna maria');
  });

  it('keeps the latest decision per link and name: one name on two links is two reviewers', () => {
    const onLink = (id: string, linkId: string, name: string, status: ReviewApproval['status']) => ({ ...approval(id, 'g1', name, status), linkId });
    const current = currentDecisions([
      onLink('1', 'link-1', 'Client Jane', 'approved'),
      onLink('2', 'link-2', ' client  JANE ', 'changes_requested'),
      onLink('3', 'link-1', 'ＣＬＩＥＮＴ\u200b JANE', 'approved'),
    ]);
    expect(current.map((decision) => [decision.id, decision.linkId])).toEqual([
      ['2', 'link-2'],
      ['3', 'link-1'],
    ]);
  });

  it('normalises names by NFKC without invisible characters, and requires a letter', () => {
    expect(normaliseReviewerName('\u202eＡnna\u200b\u00a0 K\u0007\u2069 ')).toBe('Anna K');
    expect(reviewerKey('ＪＡＮＥ\u200d Doe')).toBe(reviewerKey('jane doe'));
    expect(hasVisibleLetter(normaliseReviewerName('\u200b\u202e'))).toBe(false);
    expect(hasVisibleLetter('1234')).toBe(false);
    expect(hasVisibleLetter('अनु')).toBe(true);
    expect(normaliseCommentBody(' a\u202eb\r\nc\td\u0000 ')).toBe('ab\nc d');
    expect(normaliseCommentBody('क्\u200dष')).toBe('क्\u200dष');
  });

  it('merges a later page and a posted comment into one list, each once, oldest first', () => {
    const at = (id: string, createdAt: string) => ({ ...comment(id, 0, null), createdAt });
    const held = [at('a', '2026-11-23T10:00:00.000Z'), at('posted', '2026-11-23T12:00:00.000Z')];
    const page = [at('b', '2026-11-23T11:00:00.000Z'), at('posted', '2026-11-23T12:00:00.000Z')];
    expect(mergeComments(held, page).map((entry) => entry.id)).toEqual(['a', 'b', 'posted']);
  });

  it('keeps the later pages a reviewer has read when the page is read again, and takes the fresh first page whole', () => {
    const at = (id: string, minute: number) => ({ ...comment(id, 0, null), createdAt: `2026-11-23T10:${String(minute).padStart(2, '0')}:00.000Z` });
    const answer = (id: string, commentId: string, minute: number): ReviewReply => ({
      id, commentId, body: id, authorName: null, createdAt: `2026-11-23T11:${String(minute).padStart(2, '0')}:00.000Z`,
    });
    const page = (comments: ReviewComment[], replies: ReviewReply[], commentsCursor: string | null): ReviewPage => ({
      project: { name: 'Riverside Library', brief: {} }, practice: null, generations: [], comments, commentsCursor, replies,
      approvals: [], decisions: [], allowDownload: false, watermarked: false, expiresAt: '2026-12-01T00:00:00.000Z',
    });
    // The tab read two pages and posted on the second; meanwhile the owner answered on both.
    const held = page([at('a', 1), at('b', 2), at('c', 3)], [answer('r1', 'c', 1)], null);
    const fresh = page([at('a', 1), at('b', 2)], [answer('r0', 'a', 0)], 'after-b');
    const kept = keepLaterComments(held, fresh);
    expect(kept.comments.map((entry) => entry.id)).toEqual(['a', 'b', 'c']);
    expect(kept.replies.map((entry) => entry.id)).toEqual(['r0', 'r1']);
    expect(kept.commentsCursor).toBeNull();
    // A first page that holds everything, or a first read, is taken as it is.
    const whole = page([at('a', 1)], [], null);
    expect(keepLaterComments(held, whole)).toBe(whole);
    expect(keepLaterComments(undefined, fresh)).toBe(fresh);
  });

  it('gives a link its state and clamps its lifetime to 1–90 days', () => {
    expect(linkState({ expiresAt: 2000, revokedAt: null }, 1000)).toBe('active');
    expect(linkState({ expiresAt: 1000, revokedAt: null }, 1000)).toBe('expired');
    expect(linkState({ expiresAt: 2000, revokedAt: 500 }, 1000)).toBe('revoked');
    expect(linkExpiry(0)).toBe(14 * 86_400_000);
    expect(linkExpiry(0, 500)).toBe(90 * 86_400_000);
    expect(linkExpiry(0, 0)).toBe(86_400_000);
  });
});

describe('the reviewer', () => {
  it('keeps a trimmed name of 1–80 characters on the device', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (key: string) => store.get(key) ?? null, setItem: (key: string, value: string) => void store.set(key, value) };
    expect(readReviewerName(storage)).toBeNull();
    saveReviewerName(storage, 'Anna');
    expect(store.get(REVIEWER_NAME_STORAGE_KEY)).toBe('Anna');
    expect(readReviewerName(storage)).toBe('Anna');
    expect(cleanReviewerName('  Anna   K ')).toBe('Anna K');
    expect(cleanReviewerName('   ')).toBeNull();
    expect(cleanReviewerName('n'.repeat(81))).toBeNull();
    expect(cleanReviewerName('\u200b\u200b')).toBeNull();
    expect(cleanReviewerName('007')).toBeNull();
    expect(cleanReviewerName('\u202eBen\u202c')).toBe('Ben');
    expect(isPostableComment('  \u200b ')).toBe(false);
    expect(isPostableComment('+1')).toBe(false);
    expect(isPostableComment('Warmer timber')).toBe(true);
    const broken = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); } };
    expect(readReviewerName(broken)).toBeNull();
    expect(() => saveReviewerName(broken, 'Anna')).not.toThrow();
  });

  it('compares two to four versions, the oldest pick making room', () => {
    expect(toggleCompare(['a', 'b', 'c', 'd'], 'e', 4)).toEqual(['b', 'c', 'd', 'e']);
    expect(toggleCompare(['a', 'b'], 'a', 4)).toEqual(['b']);
  });
});

describe('addresses and sizes', () => {
  it('builds the review page path the same way on both sides', () => {
    expect(reviewPath('abc-_DEF')).toBe('/review/abc-_DEF');
    expect(appReviewPath).toBe(reviewPath);
  });

  it('sizes the grid by its columns with no rail, and the focused image beside the thread', () => {
    expect(reviewGridSizes()).toMatch(/^\(max-width: 639px\) calc\(/);
    expect(reviewGridSizes()).toContain('(max-width: 1199px)');
    expect(reviewFocusSizes()).toContain('(max-width: 999px)');
  });
});
