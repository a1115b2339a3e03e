import type {
  ExportMemoriesPage,
  ExportMemoriesPayload,
  ImportMemoriesPayload,
  ImportMemoriesResult,
} from './transfer-payloads';
import type { TRANSFER_SUBJECTS } from './transfer-subjects';

export interface TransferBusRequestMap {
  [TRANSFER_SUBJECTS.exportPage]: { payload: ExportMemoriesPayload; result: ExportMemoriesPage };
  [TRANSFER_SUBJECTS.importPage]: { payload: ImportMemoriesPayload; result: ImportMemoriesResult };
}
