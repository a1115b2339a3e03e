import { MessagePattern, Payload } from '@nestjs/microservices';
import { ACCOUNT_SECURITY_SUBJECTS, type AccountSession } from '@memories/contracts';
import { BusHandler } from '@memories/nest-common';
import { CurrentSessionEnvelopeDto, SessionIdEnvelopeDto } from './sessions-envelope.dto';
import { SessionsService } from './sessions.service';

/** The account's signed-in devices on the bus. */
@BusHandler()
export class SessionsHandler {
  constructor(private readonly sessions: SessionsService) {}

  @MessagePattern(ACCOUNT_SECURITY_SUBJECTS.listSessions)
  list(@Payload() message: CurrentSessionEnvelopeDto): Promise<AccountSession[]> {
    return this.sessions.list(message.userId, message.payload);
  }

  @MessagePattern(ACCOUNT_SECURITY_SUBJECTS.revokeSession)
  revoke(@Payload() message: SessionIdEnvelopeDto): Promise<{ revoked: true }> {
    return this.sessions.revoke(message.userId, message.payload.sessionId);
  }

  @MessagePattern(ACCOUNT_SECURITY_SUBJECTS.revokeOtherSessions)
  revokeOthers(@Payload() message: CurrentSessionEnvelopeDto): Promise<{ signedOut: number }> {
    return this.sessions.revokeOthers(message.userId, message.payload);
  }
}
