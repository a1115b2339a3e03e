import { journalsApi } from '@memories/web-api-client';
import { JournalsStore } from './journals-store';

/** The page's store of the signed-in person's journals. */
export const journalsStore = new JournalsStore(journalsApi);
