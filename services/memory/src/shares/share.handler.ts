import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  SHARE_SUBJECTS,
  type Memory,
  type ShareRecipientsResult,
  type UsersConnectedResult,
} from '@memories/contracts';
import { BusHandler } from '@memories/nest-common';
import {
  RemoveShareRecipientEnvelopeDto,
  ShareRecipientsEnvelopeDto,
  UsersConnectedEnvelopeDto,
} from './share-envelope.dto';
import { ShareService } from './share.service';

/** The sharing entry points beyond adding recipients (`memory.memories.share`, in MemoryHandler). */
@BusHandler()
export class ShareHandler {
  constructor(private readonly shares: ShareService) {}

  @MessagePattern(SHARE_SUBJECTS.recipients)
  recipients(@Payload() { payload, ...context }: ShareRecipientsEnvelopeDto): Promise<ShareRecipientsResult> {
    return this.shares.recipients(context, payload);
  }

  @MessagePattern(SHARE_SUBJECTS.remove)
  remove(@Payload() { payload, ...context }: RemoveShareRecipientEnvelopeDto): Promise<Memory> {
    return this.shares.remove(context, payload);
  }

  @MessagePattern(SHARE_SUBJECTS.connected)
  connected(@Payload() { payload, ...context }: UsersConnectedEnvelopeDto): Promise<UsersConnectedResult> {
    return this.shares.connected(context, payload);
  }
}
