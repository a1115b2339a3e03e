import { createOfflineReading } from './offline-reading';

/** The page's one store of kept reading (this package is a Module Federation singleton: every remote sees it). */
export const offlineReading = createOfflineReading();
