import { lazy, Suspense, type ComponentProps } from 'react';

export type { ViewerSlide } from './Viewer';

// The viewer (and its CSS) loads when an image is first opened, not with the page behind it.
const Viewer = lazy(() => import('./Viewer').then((module) => ({ default: module.Viewer })));

/** The full-screen viewer, fetched on first use; nothing shows while its chunk arrives. */
export function LazyViewer(props: ComponentProps<typeof Viewer>) {
  return (
    <Suspense fallback={null}>
      <Viewer {...props} />
    </Suspense>
  );
}
