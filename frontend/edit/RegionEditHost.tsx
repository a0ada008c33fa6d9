import { lazy, Suspense } from 'react';
import { useRegionEdit } from './request';

// The editor (and its CSS) is its own chunk, fetched when an editor is first opened: the pages
// that offer "Edit region" carry only this host and the request store.
const MaskEditor = lazy(() => import('./MaskEditor').then((module) => ({ default: module.MaskEditor })));

/** Shows the mask editor while a way in has asked for it; mount once on each page that offers edits. */
export function RegionEditHost() {
  const target = useRegionEdit((state) => state.target);
  const opened = useRegionEdit((state) => state.opened);
  const close = useRegionEdit((state) => state.close);
  if (!target) return null;
  return (
    <Suspense fallback={null}>
      <MaskEditor key={opened} target={target} onClose={close} />
    </Suspense>
  );
}
