import { PlaceholderPage } from './PlaceholderPage';

export function StartFreePage() {
  return <PlaceholderPage title="Start Free Studio" />;
}
