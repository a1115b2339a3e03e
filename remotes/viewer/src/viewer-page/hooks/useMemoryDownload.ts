import { useCallback, useState } from 'react';
import { saveBlob } from '@memories/web-ui';

/**
 * Download: the memory as one file from the server (Markdown, or a ZIP of it and its images when it has any),
 * saved by the browser under the server's name. The transfer calls load at the first download: reading a memory
 * does not need them.
 */
export function useMemoryDownload(id: string, onError: (message: string) => void) {
  const [downloading, setDownloading] = useState(false);
  const download = useCallback(async () => {
    setDownloading(true);
    try {
      const { transferApi } = await import('@memories/web-api-client/app-apis/transfer');
      const file = await transferApi.downloadMemory(id);
      saveBlob(file.blob, file.fileName);
    } catch (failure) {
      onError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setDownloading(false);
    }
  }, [id, onError]);
  return { download, downloading };
}
