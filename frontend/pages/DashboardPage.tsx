import { PlaceholderPage } from './PlaceholderPage';

export function DashboardPage() {
  return <PlaceholderPage title="Dashboard" />;
}
