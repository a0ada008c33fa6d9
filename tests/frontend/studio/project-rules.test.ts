import { describe, expect, it } from 'vitest';
import { batchFromJob, jobBatchView } from '../../../frontend/studio/jobs';
import { briefPreview, parentFrom, parentIdFor, projectIdFrom, searchWithProject } from '../../../frontend/studio/project-rules';
import { job } from './job-fixtures';

describe('the studio inside a project', () => {
  it('reads the open project from the address', () => {
    expect(projectIdFrom('?project=p1')).toBe('p1');
    expect(projectIdFrom('project=p1&parent=g.0')).toBe('p1');
    expect(projectIdFrom('?project=')).toBeNull();
    expect(projectIdFrom('')).toBeNull();
  });

  it('reads the image a branch starts from: generation and image index', () => {
    expect(parentFrom('?project=p&parent=gen-1.2')).toEqual({ generationId: 'gen-1', imageIndex: 2 });
    expect(parentFrom('?parent=gen-1')).toEqual({ generationId: 'gen-1', imageIndex: 0 });
    expect(parentFrom('?parent=gen-1.x')).toBeNull();
    expect(parentFrom('?parent=.1')).toBeNull();
    expect(parentFrom('?project=p')).toBeNull();
  });

  it('switches the project in the address, keeping other words and dropping a branch already taken', () => {
    expect(searchWithProject('?project=a&parent=g.1&x=1', 'b')).toBe('?project=b&x=1');
    expect(searchWithProject('?project=a', null)).toBe('');
    expect(searchWithProject('', 'b')).toBe('?project=b');
  });

  it('names the first selected image’s generation as the parent of a refinement, and nothing else', () => {
    const selected = [{ batchId: 'g1' }, { batchId: 'g2' }];
    expect(parentIdFor(true, selected)).toBe('g1');
    expect(parentIdFor(false, selected)).toBeNull();
    // A refinement of uploaded images only has no parent generation.
    expect(parentIdFor(true, [])).toBeNull();
  });

  it('shortens the brief’s words to a quiet line at a word break', () => {
    expect(briefPreview('Materials: brick.')).toBe('Materials: brick.');
    const long = 'Design brief: a courtyard library for a school. Materials: red clay brick, weathered steel, clear glazing.';
    const preview = briefPreview(long, 40);
    expect(preview.endsWith('…')).toBe(true);
    expect(preview.length).toBeLessThanOrEqual(41);
    expect(long.startsWith(preview.slice(0, -1))).toBe(true);
    expect(preview).not.toMatch(/[ ,.]…$/);
  });
});

describe('the brief’s words on a job', () => {
  it('travel from the snapshot to the running job and to the finished batch', () => {
    const addition = 'Materials: red clay brick.';
    expect(jobBatchView(job('j1', ['done', 'generating'], { briefAddition: addition })).briefAddition).toBe(addition);
    expect(batchFromJob(job('j2', ['done'], { briefAddition: addition })).briefAddition).toBe(addition);
    // Outside a project, no line.
    expect(jobBatchView(job('j3', ['waiting'])).briefAddition).toBeNull();
  });
});
