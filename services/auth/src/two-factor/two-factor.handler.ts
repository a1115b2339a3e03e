import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ACCOUNT_SECURITY_SUBJECTS,
  type RecoveryCodes,
  type SessionGrant,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@memories/contracts';
import { BusHandler } from '@memories/nest-common';
import {
  PasswordConfirmationEnvelopeDto,
  TwoFactorCodeEnvelopeDto,
  TwoFactorEmptyEnvelopeDto,
  TwoFactorLoginEnvelopeDto,
} from './two-factor-envelope.dto';
import { TwoFactorService } from './two-factor.service';

/** Two-factor sign-in on the bus: the login's second step and the settings. */
@BusHandler()
export class TwoFactorHandler {
  constructor(private readonly twoFactor: TwoFactorService) {}

  @MessagePattern(ACCOUNT_SECURITY_SUBJECTS.loginTwoFactor)
  login(@Payload() message: TwoFactorLoginEnvelopeDto): Promise<SessionGrant> {
    return this.twoFactor.login(message.payload);
  }

  @MessagePattern(ACCOUNT_SECURITY_SUBJECTS.twoFactorStatus)
  status(@Payload() message: TwoFactorEmptyEnvelopeDto): Promise<TwoFactorStatus> {
    return this.twoFactor.status(message.userId);
  }

  @MessagePattern(ACCOUNT_SECURITY_SUBJECTS.twoFactorSetup)
  setup(@Payload() message: PasswordConfirmationEnvelopeDto): Promise<TwoFactorSetup> {
    return this.twoFactor.setup(message.userId, message.payload);
  }

  @MessagePattern(ACCOUNT_SECURITY_SUBJECTS.twoFactorEnable)
  enable(@Payload() message: TwoFactorCodeEnvelopeDto): Promise<RecoveryCodes> {
    return this.twoFactor.enable(message.userId, message.payload);
  }

  @MessagePattern(ACCOUNT_SECURITY_SUBJECTS.twoFactorDisable)
  disable(@Payload() message: PasswordConfirmationEnvelopeDto): Promise<TwoFactorStatus> {
    return this.twoFactor.disable(message.userId, message.payload);
  }

  @MessagePattern(ACCOUNT_SECURITY_SUBJECTS.recoveryCodesReplace)
  replaceRecoveryCodes(@Payload() message: PasswordConfirmationEnvelopeDto): Promise<RecoveryCodes> {
    return this.twoFactor.replaceRecoveryCodes(message.userId, message.payload);
  }
}
