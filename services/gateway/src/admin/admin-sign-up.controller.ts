import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  ADMIN_ERROR_CODES,
  ADMIN_MESSAGES,
  ADMIN_SUBJECTS,
  AUTH_ERROR_CODES,
  type ApiSuccess,
  type CreatedInvite,
  type InstanceSettings,
  type InviteSummary,
  type CallerContext,
} from '@memories/contracts';
import { BusClient } from '@memories/nest-common';
import { ok } from '../http/api-response.util';
import { Caller } from '../http/caller.decorator';
import { ApiRoute } from '../openapi/api-route.decorator';
import { AdminGuard } from './admin.guard';
import { CreateInviteBodyDto, InstanceSettingsBodyDto, InviteIdParams } from './admin-request.dto';
import { CreatedInviteDto, InstanceSettingsDto, InviteSummaryDto } from './admin-response.dto';

/** /api/admin/settings and /api/admin/invites: who may sign up, for admins only. */
@ApiTags('admin')
@Controller('admin')
@UseGuards(AdminGuard)
export class AdminSignUpController {
  constructor(private readonly bus: BusClient) {}

  @Get('settings')
  @ApiRoute({ summary: 'The sign-up mode in force (chosen here, else SIGNUP_MODE)', data: InstanceSettingsDto })
  async settings(@Caller() caller: CallerContext): Promise<ApiSuccess<InstanceSettings>> {
    return ok(await this.bus.request(ADMIN_SUBJECTS.getSettings, {}, caller));
  }

  @Put('settings')
  @ApiRoute({
    summary: 'Choose who may sign up: open, invite (the page asks for an invite) or closed',
    description: 'Invites work in every mode.',
    data: InstanceSettingsDto,
  })
  async updateSettings(
    @Caller() caller: CallerContext,
    @Body() body: InstanceSettingsBodyDto,
  ): Promise<ApiSuccess<InstanceSettings>> {
    return ok(await this.bus.request(ADMIN_SUBJECTS.updateSettings, body, caller), {
      message: ADMIN_MESSAGES.settingsSaved,
    });
  }

  @Post('invites')
  @ApiRoute({
    summary: 'A single-use invite link (answered once: only its hash is kept)',
    description:
      'With an email, only that address can use it, counts as verified, and the link is e-mailed there when SMTP is ' +
      'configured. An address that already has an account answers 409.',
    data: CreatedInviteDto,
    errors: [AUTH_ERROR_CODES.USER_ALREADY_EXISTS],
  })
  async createInvite(
    @Caller() caller: CallerContext,
    @Body() body: CreateInviteBodyDto,
  ): Promise<ApiSuccess<CreatedInvite>> {
    return ok(await this.bus.request(ADMIN_SUBJECTS.createInvite, body, caller), {
      message: ADMIN_MESSAGES.inviteCreated,
    });
  }

  @Get('invites')
  @ApiRoute({ summary: 'The invites nobody used yet that have not expired, newest first', data: [InviteSummaryDto] })
  async invites(@Caller() caller: CallerContext): Promise<ApiSuccess<InviteSummary[]>> {
    return ok(await this.bus.request(ADMIN_SUBJECTS.listInvites, {}, caller));
  }

  @Delete('invites/:id')
  @HttpCode(HttpStatus.OK)
  @ApiRoute({
    summary: 'Revoke an invite nobody used yet: its link stops working',
    data: null,
    errors: [ADMIN_ERROR_CODES.INVITE_NOT_FOUND],
  })
  async revokeInvite(@Caller() caller: CallerContext, @Param() { id }: InviteIdParams): Promise<ApiSuccess<null>> {
    await this.bus.request(ADMIN_SUBJECTS.revokeInvite, { id }, caller);
    return ok(null, { message: ADMIN_MESSAGES.inviteRevoked });
  }
}
