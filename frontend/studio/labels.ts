/**
 * The studio's own interface labels; the original product's texts stay in
 * shared/messages.ts (docs/decisions/0027-texts-word-for-word.md).
 */
import type { ViewState } from '#shared/job-types';
import { PROMPT_MAX_CHARS } from '#shared/limits';
import type { PendingStage } from './generate';

const VIEW_STATUS: Record<ViewState, string> = { waiting: 'waiting', generating: 'generating…', done: 'done', failed: 'failed' };

export const studioLabels = {
  pageTitle: 'Studio',
  freeTitle: 'Free studio',
  freeNotice: 'Free plan: your images carry a watermark and are shared in the public gallery.',
  upgrade: 'Upgrade for private, unwatermarked images',
  promptLabel: 'Prompt',
  generate: 'Generate',
  creditsLabel: (credits: number) => `${credits} credits left. View credit history`,
  modelGroup: 'Model',
  chooseModel: 'Choose model',
  options: 'Options',
  resolution: (resolution: string) => `Resolution ${resolution}, change`,
  resolutionGroup: 'Resolution',
  resolutionPrice: (credits: number, perView: boolean) => `${credits} ${credits === 1 ? 'credit' : 'credits'}${perView ? ' per view' : ''}`,
  seePlans: 'See plans',
  aspectRatio: (ratio: string) => `Aspect ratio ${ratio}, change`,
  views: (views: number) => `${views} ${views === 1 ? 'view' : 'views'}, change`,
  viewsText: (views: number) => `${views} ${views === 1 ? 'view' : 'views'}`,
  viewsShort: (views: number) => `${views}×`,
  upload: 'Add reference images',
  refine: 'Refine mode',
  enhance: 'Enhance prompt',
  enhancing: 'Enhancing…',
  showOriginal: 'Show the original prompt',
  showEnhanced: 'Show the enhanced prompt',
  removeImage: 'Remove image',
  testUrl: 'Test URL',
  selectedImage: 'Selected image',
  referenceImage: 'Reference image',
  copyPrompt: 'Copy prompt',
  copied: 'Copied',
  deleteBatch: 'Delete batch',
  like: 'Like',
  select: 'Select for refinement',
  download: 'Download',
  openImage: (n: number, total: number) => `Open image ${n} of ${total}`,
  dismiss: 'Dismiss',
  youSaid: 'Your prompt',
  stage: (stage: PendingStage, views: number, model: string): string => {
    switch (stage) {
      case 'uploading':
        return 'Uploading your images…';
      case 'generating':
        return `Generating ${views} ${views === 1 ? 'view' : 'views'} with ${model}…`;
    }
  },
  history: 'Your generations',
  unlike: 'Unlike',
  likeBatch: (liked: boolean) => (liked ? 'Unlike this batch' : 'Like this batch'),
  confirmDelete: 'Click again to delete',
  viewStatus: (index: number, status: ViewState) => `View ${index + 1}: ${VIEW_STATUS[status]}`,
  viewProgress: 'Progress of each view',
  queued: 'Waiting to start…',
  cancel: 'Cancel',
  cancelling: 'Cancelling…',
  batchImages: (count: number) => `${count} ${count === 1 ? 'image' : 'images'}; use the arrow keys to move between them`,
  // presets beside the prompt (docs/decisions/0069-presets-in-the-prompt.md)
  presets: 'Presets',
  presetsGroup: 'Presets: each adds its words to the prompt',
  presetChoice: (group: string) => `${group} preset`,
  clearPreset: (group: string, option: string) => `Clear ${group}: ${option}`,
  fromBrief: 'from brief',
  fromBriefTitle: (group: string) => `${group} is set by the project's brief and added to every generation`,
  // the studio inside a project (docs/decisions/0070-studio-in-a-project.md)
  project: 'Project',
  noProject: 'No project',
  openProject: 'Open project',
  newProject: 'New project',
  projectLoading: 'Loading…',
  brief: 'Brief',
  briefAdded: "Added by the project's brief",
  branchFailed: 'That image could not be opened for refinement.',
  // pinned above the prompt inside a project
  workingIn: 'Working in project',
  backToProject: (name: string) => `${name}: open the project page`,
  briefPinned: "The project's brief, added to every generation",
  withoutBrief: "Don't apply the brief to this generation",
  briefOff: 'Not applied to the next generation',
  presetTooLong: `This preset would make the prompt longer than ${PROMPT_MAX_CHARS} characters. Shorten the prompt first.`,
} as const;
