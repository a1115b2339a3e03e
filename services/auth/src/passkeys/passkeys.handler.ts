import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ACCOUNT_SECURITY_SUBJECTS,
  type PasskeyCeremonyOptions,
  type PasskeySummary,
  type SessionGrant,
} from '@memories/contracts';
import { BusHandler } from '@memories/nest-common';
import {
  PasskeyEmptyEnvelopeDto,
  PasskeyLoginEnvelopeDto,
  PasskeyOptionsEnvelopeDto,
  PasskeyRegistrationEnvelopeDto,
  PasskeyRemovalEnvelopeDto,
} from './passkeys-envelope.dto';
import { PasswordConfirmationEnvelopeDto } from '../two-factor/two-factor-envelope.dto';
import { PasskeysService } from './passkeys.service';

/** Passkeys on the bus: registration, the list, removal, and sign-in. */
@BusHandler()
export class PasskeysHandler {
  constructor(private readonly passkeys: PasskeysService) {}

  @MessagePattern(ACCOUNT_SECURITY_SUBJECTS.listPasskeys)
  list(@Payload() message: PasskeyEmptyEnvelopeDto): Promise<PasskeySummary[]> {
    return this.passkeys.list(message.userId);
  }

  @MessagePattern(ACCOUNT_SECURITY_SUBJECTS.passkeyRegistrationOptions)
  registrationOptions(@Payload() message: PasswordConfirmationEnvelopeDto): Promise<PasskeyCeremonyOptions> {
    return this.passkeys.registrationOptions(message.userId, message.payload);
  }

  @MessagePattern(ACCOUNT_SECURITY_SUBJECTS.registerPasskey)
  register(@Payload() message: PasskeyRegistrationEnvelopeDto): Promise<PasskeySummary> {
    return this.passkeys.register(message.userId, message.payload);
  }

  @MessagePattern(ACCOUNT_SECURITY_SUBJECTS.removePasskey)
  remove(@Payload() message: PasskeyRemovalEnvelopeDto): Promise<{ removed: true }> {
    return this.passkeys.remove(message.userId, message.payload);
  }

  @MessagePattern(ACCOUNT_SECURITY_SUBJECTS.passkeyAuthenticationOptions)
  authenticationOptions(@Payload() _message: PasskeyOptionsEnvelopeDto): Promise<PasskeyCeremonyOptions> {
    return this.passkeys.authenticationOptions();
  }

  @MessagePattern(ACCOUNT_SECURITY_SUBJECTS.loginPasskey)
  login(@Payload() message: PasskeyLoginEnvelopeDto): Promise<SessionGrant> {
    return this.passkeys.login(message.payload);
  }
}
