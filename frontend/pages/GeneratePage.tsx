import { PlaceholderPage } from './PlaceholderPage';

export function GeneratePage() {
  return <PlaceholderPage title="Studio" />;
}
