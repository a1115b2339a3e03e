import { useCallback, useState } from 'react';
import type { ExportProgress } from '@memories/contracts';
import { transferApi } from '@memories/web-api-client';
import { saveFile } from '@memories/web-ui';
import { usePolling } from './usePolling';

export type JournalExportState =
  | { phase: 'idle' }
  | { phase: 'starting' }
  | { phase: 'running' | 'done' | 'failed'; progress: ExportProgress }
  | { phase: 'error'; message: string };

/**
 * Export as the browser's own download: a one-time link from the server, clicked, so the browser streams the ZIP
 * to disk whatever its size; the page follows the export's progress on the server meanwhile.
 */
export function useJournalExport() {
  const [state, setState] = useState<JournalExportState>({ phase: 'idle' });

  const start = useCallback(async () => {
    setState({ phase: 'starting' });
    try {
      const ticket = await transferApi.startExport();
      saveFile(ticket.downloadUrl, '');
      setState({
        phase: 'running',
        progress: { exportId: ticket.exportId, status: 'ready', memoriesTotal: 0, memoriesWritten: 0, bytesWritten: 0 },
      });
    } catch (error) {
      setState({ phase: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  }, []);

  const exportId = state.phase === 'running' ? state.progress.exportId : undefined;
  usePolling(exportId !== undefined, async () => {
    if (!exportId) return true;
    const progress = await transferApi.exportProgress(exportId);
    const phase = progress.status === 'done' ? 'done' : progress.status === 'failed' ? 'failed' : 'running';
    setState({ phase, progress });
    return phase !== 'running';
  });

  return { state, start };
}
