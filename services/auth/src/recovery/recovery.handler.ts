import { MessagePattern, Payload } from '@nestjs/microservices';
import { SUBJECTS, type SignedOutSessions } from '@memories/contracts';
import { BusHandler } from '@memories/nest-common';
import { EmailEnvelopeDto, ResetPasswordEnvelopeDto } from '../auth/auth-payload.dto';
import { RecoveryService } from './recovery.service';

/** Forgot and reset password on the bus. */
@BusHandler()
export class RecoveryHandler {
  constructor(private readonly recovery: RecoveryService) {}

  @MessagePattern(SUBJECTS.auth.forgotPassword)
  forgotPassword(@Payload() message: EmailEnvelopeDto): Promise<{ accepted: true }> {
    return this.recovery.forgotPassword(message.payload);
  }

  @MessagePattern(SUBJECTS.auth.resetPassword)
  resetPassword(@Payload() message: ResetPasswordEnvelopeDto): Promise<SignedOutSessions> {
    return this.recovery.resetPassword(message.payload);
  }
}
