import { PlaceholderPage } from './PlaceholderPage';

export function LandingPage() {
  return <PlaceholderPage title="Parti" />;
}

export function AboutPage() {
  return <PlaceholderPage title="About Parti" />;
}
