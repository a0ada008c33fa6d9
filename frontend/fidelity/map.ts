/**
 * A view's fidelity map (docs/decisions/0086-geometry-fidelity.md): for the owner it is read through
 * GET /api/generations/:id/images/:index/fidelity-map, which needs the access token, so it arrives
 * through the typed client and is kept as a data URL (about 5 KB; nothing to revoke when the cache
 * lets it go). A review page has a plain URL for it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, toApiError } from '../api/client';
import { useSpaceOwner } from '../workspaces/hooks';

/** Where a view's map comes from: the owner's route, or a URL a review link already signed. */
export type FidelityMapSource =
  | { kind: 'owner'; generationId: string; index: number; /** The map changes with the score (after a re-render). */ score: number }
  | { kind: 'url'; url: string };

/** The map's bytes as a data URL, read straight from the answer's bytes (no Blob or FileReader, which need one realm). */
function dataUrl(bytes: ArrayBuffer, type: string): string {
  const view = new Uint8Array(bytes);
  let binary = '';
  for (let start = 0; start < view.length; start += 0x8000) binary += String.fromCharCode(...view.subarray(start, start + 0x8000));
  return `data:${type};base64,${btoa(binary)}`;
}

async function fetchFidelityMap(generationId: string, index: number): Promise<string> {
  const response = await api.generations[':id'].images[':index']['fidelity-map'].$get({ param: { id: generationId, index: String(index) } });
  if (!response.ok) throw toApiError(response.status, await response.json().catch(() => null));
  return dataUrl(await response.arrayBuffer(), response.headers.get('Content-Type') ?? 'image/png');
}

/** A view's map as a data URL; it changes only with the view's score (a re-render). */
const fidelityMapKeys = {
  of: (ownerId: string, generationId: string, index: number, score: number) => ['fidelity-map', ownerId, generationId, index, score] as const,
};

function fidelityMapQuery(ownerId: string, source: Extract<FidelityMapSource, { kind: 'owner' }>) {
  return queryOptions({
    queryKey: fidelityMapKeys.of(ownerId, source.generationId, source.index, source.score),
    queryFn: () => fetchFidelityMap(source.generationId, source.index),
    // One score, one map: read once while it is cached.
    staleTime: Infinity,
    retry: 1,
  });
}

interface FidelityMapState {
  url: string | null;
  failed: boolean;
}

/** The map's URL once it can be shown; nothing is read while `source` is null (the overlay is off). */
export function useFidelityMap(source: FidelityMapSource | null): FidelityMapState {
  const ownerId = useSpaceOwner();
  const owned = source?.kind === 'owner' ? source : null;
  const map = useQuery({
    ...fidelityMapQuery(ownerId, owned ?? { kind: 'owner', generationId: '', index: 0, score: 0 }),
    enabled: owned !== null && ownerId !== '',
  });
  if (source?.kind === 'url') return { url: source.url, failed: false };
  return { url: owned ? (map.data ?? null) : null, failed: owned !== null && map.isError };
}
