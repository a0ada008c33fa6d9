import type { ComponentType } from 'react';

/**
 * A screen that reads server data, inside the QueryClient's scope: TanStack Query comes with the
 * screens that use it, never with the entry (docs/decisions/0078-react-on-the-server.md).
 */
export function withQueries<P extends object>(load: () => Promise<ComponentType<P>>): () => Promise<ComponentType<P>> {
  return () =>
    Promise.all([load(), import('../queries/QueryScope')]).then(([Screen, { QueryScope }]) => {
      function QueriedScreen(props: P) {
        return (
          <QueryScope>
            <Screen {...props} />
          </QueryScope>
        );
      }
      return QueriedScreen;
    });
}
