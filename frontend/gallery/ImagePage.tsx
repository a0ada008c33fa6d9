/**
 * A public image's own page, `/gallery/:id` (docs/decisions/0094-search-and-previews.md): what a
 * shared link opens and what search engines list — the image, its prompt and the way into the
 * gallery. The Worker renders it with the image, which the document carries to hydration; opened
 * again from the history, it asks for it.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'wouter';
import type { GalleryItem } from '#shared/gallery-types';
import { srcsetOf } from '#shared/renditions';
import { paths } from '../app/routing';
import { renderedState } from '../app/rendered-state';
import { imagePageMessages } from './image-copy';
import { galleryItemQuery } from './image-query';
import './image-page.css';

/** The column the images fill: the page's width up to its cap (image-page.css). */
const IMAGE_SIZES = '(min-width: 1100px) 880px, 100vw';

/** The image the document carried for this id, if any. */
function carriedItem(id: string): GalleryItem | undefined {
  const item = renderedState()?.image?.item;
  return item?.id === id ? item : undefined;
}

function MoreInGallery() {
  return (
    <p>
      <Link href={paths.gallery} className="button">{imagePageMessages.moreInGallery}</Link>
    </p>
  );
}

export function ImagePage({ id }: { id: string }) {
  const query = useQuery({ ...galleryItemQuery(id), initialData: () => carriedItem(id) });
  const item = query.data;
  const title = item ? imagePageMessages.title(item.prompt) : item === null ? imagePageMessages.missingPageTitle : null;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
  useEffect(() => {
    if (query.error) console.error('image load failed', query.error);
  }, [query.error]);

  if (query.error) return <section className="page page--image"><p>{imagePageMessages.loadFailed}</p><MoreInGallery /></section>;
  if (item === undefined) return <section className="page page--image" aria-busy="true">{imagePageMessages.loading}</section>;
  if (item === null) {
    return (
      <section className="page page--image">
        <h1>{imagePageMessages.missingTitle}</h1>
        <p>{imagePageMessages.missingBody}</p>
        <MoreInGallery />
      </section>
    );
  }
  return (
    <article className="page page--image">
      <div className="image-page-images">
        {item.images.map((image, index) => (
          <img
            key={image.thumbnailUrl}
            src={image.thumbnailUrl}
            srcSet={srcsetOf(image.renditions) || undefined}
            sizes={IMAGE_SIZES}
            alt={imagePageMessages.imageAlt(item.prompt, index, item.images.length)}
            width={image.width}
            height={image.height}
            loading={index === 0 ? 'eager' : 'lazy'}
            fetchPriority={index === 0 ? 'high' : undefined}
            decoding="async"
          />
        ))}
      </div>
      <h1 className="image-page-prompt">{item.prompt}</h1>
      <p className="image-page-facts">{imagePageMessages.facts(item.model, item.createdAt, item.likeCount)}</p>
      <MoreInGallery />
    </article>
  );
}
