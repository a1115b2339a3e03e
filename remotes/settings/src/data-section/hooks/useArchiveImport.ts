import { useCallback, useState } from 'react';
import type { ImportJobReport } from '@memories/contracts';
import { transferApi } from '@memories/web-api-client';
import { usePolling } from './usePolling';

export type ArchiveImportState =
  | { phase: 'idle' }
  | { phase: 'uploading'; fraction: number }
  | { phase: 'importing'; jobId: string; report?: ImportJobReport }
  | { phase: 'finished'; report: ImportJobReport }
  | { phase: 'error'; message: string };

/** Sends the archive (with upload progress), then follows its job until the report is final. */
export function useArchiveImport() {
  const [state, setState] = useState<ArchiveImportState>({ phase: 'idle' });

  const start = useCallback(async (file: File) => {
    setState({ phase: 'uploading', fraction: 0 });
    try {
      const { jobId } = await transferApi.importArchive(file, {
        onProgress: (fraction) => setState({ phase: 'uploading', fraction }),
      });
      setState({ phase: 'importing', jobId });
    } catch (error) {
      setState({ phase: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  }, []);

  const jobId = state.phase === 'importing' ? state.jobId : undefined;
  usePolling(jobId !== undefined, async () => {
    if (!jobId) return true;
    const report = await transferApi.importReport(jobId);
    const finished = report.status === 'done' || report.status === 'failed';
    setState(finished ? { phase: 'finished', report } : { phase: 'importing', jobId, report });
    return finished;
  });

  const reset = useCallback(() => setState({ phase: 'idle' }), []);
  return { state, start, reset };
}
