import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  SUBJECTS,
  USER_LOOKUP_SUBJECT,
  type AuthUser,
  type LoginOutcome,
  type LogoutResult,
  type SessionGrant,
  type SignedOutSessions,
  type UserLookupResult,
} from '@memories/contracts';
import { BusHandler } from '@memories/nest-common';
import {
  ChangePasswordEnvelopeDto,
  EmailEnvelopeDto,
  GetProfileEnvelopeDto,
  LoginEnvelopeDto,
  LogoutEnvelopeDto,
  RefreshEnvelopeDto,
  RegisterEnvelopeDto,
  TokenEnvelopeDto,
  UpdateProfileEnvelopeDto,
  UserLookupEnvelopeDto,
} from './auth-payload.dto';
import { AuthService } from './auth.service';

/** The auth service's bus entry points: one line each. */
@BusHandler()
export class AuthHandler {
  constructor(private readonly auth: AuthService) {}

  @MessagePattern(SUBJECTS.auth.register)
  register(@Payload() message: RegisterEnvelopeDto): Promise<AuthUser> {
    return this.auth.register(message.payload);
  }

  @MessagePattern(SUBJECTS.auth.login)
  login(@Payload() message: LoginEnvelopeDto): Promise<LoginOutcome> {
    return this.auth.login(message.payload);
  }

  @MessagePattern(SUBJECTS.auth.refresh)
  refresh(@Payload() message: RefreshEnvelopeDto): Promise<SessionGrant> {
    return this.auth.refresh(message.payload);
  }

  @MessagePattern(SUBJECTS.auth.logout)
  logout(@Payload() message: LogoutEnvelopeDto): Promise<LogoutResult> {
    return this.auth.logout(message.payload);
  }

  @MessagePattern(SUBJECTS.auth.getProfile)
  getProfile(@Payload() message: GetProfileEnvelopeDto): Promise<AuthUser> {
    return this.auth.getProfile(message.userId);
  }

  @MessagePattern(SUBJECTS.auth.updateProfile)
  updateProfile(@Payload() message: UpdateProfileEnvelopeDto): Promise<AuthUser> {
    return this.auth.updateProfile(message.userId, message.payload);
  }

  @MessagePattern(SUBJECTS.auth.changePassword)
  changePassword(@Payload() message: ChangePasswordEnvelopeDto): Promise<SignedOutSessions> {
    return this.auth.changePassword(message.userId, message.payload);
  }

  @MessagePattern(SUBJECTS.auth.verifyEmail)
  verifyEmail(@Payload() message: TokenEnvelopeDto): Promise<AuthUser> {
    return this.auth.verifyEmail(message.payload);
  }

  @MessagePattern(SUBJECTS.auth.resendVerification)
  resendVerification(@Payload() message: EmailEnvelopeDto): Promise<{ accepted: true }> {
    return this.auth.resendVerification(message.payload);
  }

  @MessagePattern(USER_LOOKUP_SUBJECT)
  lookupUsers(@Payload() message: UserLookupEnvelopeDto): Promise<UserLookupResult> {
    return this.auth.lookupUsers(message.payload);
  }
}
