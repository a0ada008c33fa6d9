import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { paths } from '../app/routing';
import { DotsLoader } from '../gallery/DotsLoader';
import { galleryUiMessages } from '../gallery/copy';
import { imageFileName, imageName } from '#shared/version-names';
import { downloadImage } from '../studio/download';
import { LazyViewer, type ViewerSlide } from '../viewer/LazyViewer';
import type { VersionedItem } from '../api/projects';
import { projectQuery, useStarGeneration, useUpdateProject } from '../queries/projects';
import { BriefPanel } from './BriefPanel';
import { projectUiMessages } from './copy';
import { ProjectHeader } from './ProjectHeader';
import { toggleCompare } from './rules';
import { useMinuteClock } from './useMinuteClock';
import { VersionTree } from './VersionTree';
import { ApprovalBadge, FeedbackPanel } from '../review/FeedbackPanel';
import { SharePanel } from '../review/SharePanel';
import { RegionEditHost } from '../edit/RegionEditHost';
import { openRegionEditor } from '../edit/request';
import { editTargetOf, pinnedEditTarget } from '../edit/target';
import { ProjectJobs } from './ProjectJobs';
import { upscaleTargetOf } from '../upscale/target';
import { useSpaceCan, useSpaceOwner, useSpacePlan } from '../workspaces/hooks';
import { isNotFound } from '../api/client';
import { useFoundElsewhere } from '../workspaces/useFoundElsewhere';
import './projects.css';
import './project-page.css';

function slidesOf(item: VersionedItem): ViewerSlide[] {
  return item.images.map((image, index) => ({
    url: image.url,
    preview: image.renditions.at(-1)?.url,
    alt: galleryUiMessages.imageAlt(item.prompt, index, item.images.length),
    width: image.width,
    height: image.height,
    placeholder: image.placeholder,
    model: item.model,
    version: item.version ? imageName(item.version, index, item.images.length) : undefined,
    editTarget: editTargetOf(item, index) ?? undefined,
    upscaleTarget: upscaleTargetOf(item, index) ?? undefined,
    master: { generationId: item.id, imageIndex: index },
  }));
}

/** /projects/:id: the header, the version tree and the brief beside it (docs/decisions/0065-projects-screens.md). */
export function ProjectPage({ id }: { id: string }) {
  const ownerId = useSpaceOwner();
  const plan = useSpacePlan();
  // In a workspace, what the user's role may not do is not offered (shared/workspace-rules.ts).
  const generates = useSpaceCan('generate');
  const edits = useSpaceCan('editProjects');
  const query = useQuery({ ...projectQuery(ownerId, id), enabled: ownerId !== '' });
  const project = query.data;
  // Not in this space, perhaps in another of the user's: asked before "not found" is the answer.
  const lookingElsewhere = useFoundElsewhere({ kind: 'project', id }, isNotFound(query.error));
  const [selected, setSelected] = useState<string[]>([]);
  const [viewing, setViewing] = useState<{ item: VersionedItem; index: number } | null>(null);
  const [sharing, setSharing] = useState(false);
  const star = useStarGeneration();
  const update = useUpdateProject(id);
  const now = useMinuteClock();
  const generationIds = useMemo(() => new Set(project?.generations.map((item) => item.id)), [project?.generations]);
  useEffect(() => {
    document.title = `${project?.name ?? projectUiMessages.projectsTab} — Parti`;
  }, [project?.name]);

  if (query.isError && !lookingElsewhere) {
    return (
      <section className="page page--project">
        <h1>{projectUiMessages.projectsTab}</h1>
        <p className="project-missing">{projectUiMessages.notFound}</p>
        <Link href={paths.projects} className="button">{projectUiMessages.backToProjects}</Link>
      </section>
    );
  }
  if (!project) return <section className="page page--project" aria-busy="true"><DotsLoader /></section>;
  return (
    <section className="page page--project">
      <ProjectHeader project={project} plan={plan} now={now} selected={selected} sharing={sharing} onShare={() => setSharing(!sharing)} />
      {sharing && (
        <div id="project-share" className="project-share">
          <SharePanel projectId={project.id} />
        </div>
      )}
      <ProjectJobs ownerId={ownerId} projectId={project.id} generationIds={generationIds} />
      <div className="project-layout">
        <section className="project-tree" aria-label={projectUiMessages.treeLabel}>
          <VersionTree
            items={project.generations}
            projectId={project.id}
            plan={plan}
            now={now}
            heroId={project.heroGenerationId}
            selected={selected}
            onOpen={(item) => setViewing({ item, index: 0 })}
            onToggleStar={edits ? (item) => star.mutate({ id: item.id, starred: !item.starred }) : undefined}
            onToggleCompare={(item) => setSelected(toggleCompare(selected, item.id))}
            onUseAsHero={edits ? (item) => update.mutate({ heroGenerationId: project.heroGenerationId === item.id ? null : item.id }) : undefined}
            onEditRegion={generates ? (item) => openRegionEditor(editTargetOf(item)) : undefined}
            branch={generates}
            upscale={generates}
            renderApproval={(item) => <ApprovalBadge projectId={project.id} generationId={item.id} />}
          />
        </section>
        <BriefPanel key={project.briefVersion} project={project} />
      </div>
      <div className="project-review">
        <FeedbackPanel projectId={project.id} generations={project.generations}
          onEditHere={(comment) => {
            const item = project.generations.find((generation) => generation.id === comment.generationId);
            if (item) openRegionEditor(pinnedEditTarget(item, comment));
          }} />
      </div>
      {viewing && (
        <LazyViewer slides={slidesOf(viewing.item)} index={viewing.index} prompt={viewing.item.prompt}
          onDownload={(index) => {
            const { item } = viewing;
            const image = item.images[index];
            const name = item.version && imageName(item.version, index, item.images.length);
            if (image) void downloadImage(image.url, imageFileName(project.name, name, `${item.id}-${index}`));
          }}
          onIndexChange={(index) => setViewing({ ...viewing, index })} onClose={() => setViewing(null)} />
      )}
      <RegionEditHost />
    </section>
  );
}
