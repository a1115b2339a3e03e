import { KEPT_FILES_OWNER_QUESTION, type KeptFilesOwnerAnswer } from './kept-files-protocol';

/**
 * Answers the service worker's question of whose kept images this page may be shown: the user signed in here now
 * (online or in an offline session), or no one. Returns the function that stops answering.
 */
export function answerKeptFilesOwner(
  currentUserId: () => string | null,
  container: ServiceWorkerContainer | undefined = globalThis.navigator?.serviceWorker,
): () => void {
  if (!container) return () => undefined;
  const answer = (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type !== KEPT_FILES_OWNER_QUESTION) return;
    event.ports[0]?.postMessage({ userId: currentUserId() } satisfies KeptFilesOwnerAnswer);
  };
  container.addEventListener('message', answer);
  // Messages from the worker wait until the page says it listens (addEventListener alone does not say so).
  container.startMessages();
  return () => container.removeEventListener('message', answer);
}
