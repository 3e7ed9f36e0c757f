import { useQuery } from '@tanstack/react-query';
import { PUZZLE_TEXTS } from '@rush/domain';
import { fetchCatalogStatus, PUZZLE_KEYS } from './api.ts';

/** How often the import progress is asked for while the catalogue loads. */
export const IMPORT_POLL_MS = 1_000;

/** The catalogue import status; polled while the import runs (`watch`) and not yet ready. */
export function useCatalogStatus(watch = true) {
  return useQuery({
    queryKey: PUZZLE_KEYS.status,
    queryFn: fetchCatalogStatus,
    enabled: watch,
    staleTime: 0,
    retry: false,
    refetchInterval: (query) => (query.state.data?.ready === false ? IMPORT_POLL_MS : false),
  });
}

/** "Preparing puzzles… 12,000 of 60,000" with a progress bar (first start imports the sample). */
export function ImportProgress({ imported, total }: { imported: number; total: number }) {
  const text = PUZZLE_TEXTS.importing(imported, total);
  return (
    <div className="puzzle-import" role="status">
      <p>{text}</p>
      <progress max={Math.max(total, 1)} value={Math.min(imported, total)} aria-label={text} />
    </div>
  );
}
