import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ADMIN_SUBJECTS,
  type AccountPage,
  type AccountStatus,
  type AccountSummary,
  type CreatedInvite,
  type InstanceSettings,
  type InviteCheck,
  type InviteSummary,
  type SignUpState,
} from '@memories/contracts';
import { BusHandler } from '@memories/nest-common';
import {
  AccountStatusEnvelopeDto,
  AccountUpdateEnvelopeDto,
  AdminEmptyEnvelopeDto,
  AdminUserQueryEnvelopeDto,
  CreateInviteEnvelopeDto,
  InstanceSettingsEnvelopeDto,
  InviteCheckEnvelopeDto,
  InviteIdEnvelopeDto,
  SignUpStateEnvelopeDto,
} from './instance-admin-envelope.dto';
import { InstanceAdminService } from './instance-admin.service';
import { SignUpService } from './sign-up.service';

/** Instance administration on the bus: one line each. */
@BusHandler()
export class InstanceAdminHandler {
  constructor(
    private readonly admin: InstanceAdminService,
    private readonly signUp: SignUpService,
  ) {}

  @MessagePattern(ADMIN_SUBJECTS.getSettings)
  getSettings(@Payload() message: AdminEmptyEnvelopeDto): Promise<InstanceSettings> {
    return this.admin.getSettings(message.userId);
  }

  @MessagePattern(ADMIN_SUBJECTS.updateSettings)
  updateSettings(@Payload() message: InstanceSettingsEnvelopeDto): Promise<InstanceSettings> {
    return this.admin.updateSettings(message.userId, message.payload);
  }

  @MessagePattern(ADMIN_SUBJECTS.createInvite)
  createInvite(@Payload() message: CreateInviteEnvelopeDto): Promise<CreatedInvite> {
    return this.admin.createInvite(message.userId, message.payload);
  }

  @MessagePattern(ADMIN_SUBJECTS.listInvites)
  listInvites(@Payload() message: AdminEmptyEnvelopeDto): Promise<InviteSummary[]> {
    return this.admin.listInvites(message.userId);
  }

  @MessagePattern(ADMIN_SUBJECTS.revokeInvite)
  revokeInvite(@Payload() message: InviteIdEnvelopeDto): Promise<{ revoked: true }> {
    return this.admin.revokeInvite(message.userId, message.payload);
  }

  @MessagePattern(ADMIN_SUBJECTS.listAccounts)
  listAccounts(@Payload() message: AdminUserQueryEnvelopeDto): Promise<AccountPage> {
    return this.admin.listAccounts(message.userId, message.payload);
  }

  @MessagePattern(ADMIN_SUBJECTS.updateAccount)
  updateAccount(@Payload() message: AccountUpdateEnvelopeDto): Promise<AccountSummary> {
    return this.admin.updateAccount(message.userId, message.payload);
  }

  @MessagePattern(ADMIN_SUBJECTS.accountStatus)
  accountStatus(@Payload() message: AccountStatusEnvelopeDto): Promise<AccountStatus> {
    return this.admin.accountStatus(message.payload);
  }

  @MessagePattern(ADMIN_SUBJECTS.signUpState)
  signUpState(@Payload() _message: SignUpStateEnvelopeDto): Promise<SignUpState> {
    return this.signUp.state();
  }

  @MessagePattern(ADMIN_SUBJECTS.checkInvite)
  checkInvite(@Payload() message: InviteCheckEnvelopeDto): Promise<InviteCheck> {
    return this.signUp.checkInvite(message.payload);
  }
}
