import { MessagePattern, Payload } from '@nestjs/microservices';
import { TRANSFER_SUBJECTS, type ExportMemoriesPage, type ImportMemoriesResult } from '@memories/contracts';
import { BusHandler } from '@memories/nest-common';
import { ExportMemoriesEnvelopeDto, ImportMemoriesEnvelopeDto } from './memory-transfer-envelope.dto';
import { MemoryTransferService } from './memory-transfer.service';

/** Asked by the upload service's export and import: a whole journal, one page at a time. */
@BusHandler()
export class MemoryTransferHandler {
  constructor(private readonly transfer: MemoryTransferService) {}

  @MessagePattern(TRANSFER_SUBJECTS.exportPage)
  exportPage(@Payload() { payload, ...context }: ExportMemoriesEnvelopeDto): Promise<ExportMemoriesPage> {
    return this.transfer.exportPage(context, payload);
  }

  @MessagePattern(TRANSFER_SUBJECTS.importPage)
  importPage(@Payload() { payload, ...context }: ImportMemoriesEnvelopeDto): Promise<ImportMemoriesResult> {
    return this.transfer.importPage(context, payload);
  }
}
