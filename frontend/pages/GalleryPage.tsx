import { PlaceholderPage } from './PlaceholderPage';

export function GalleryPage() {
  return <PlaceholderPage title="Gallery" />;
}
