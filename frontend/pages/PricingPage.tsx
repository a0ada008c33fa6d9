import { PlaceholderPage } from './PlaceholderPage';

export function PricingPage() {
  return <PlaceholderPage title="Pricing" />;
}
