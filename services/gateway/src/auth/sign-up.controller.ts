import { Body, Controller, Get, HttpCode, HttpStatus, Post, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  ADMIN_ERROR_CODES,
  ADMIN_SUBJECTS,
  type ApiSuccess,
  type InviteCheck,
  type MessageContext,
  type SignUpState,
} from '@memories/contracts';
import { BusClient, Public } from '@memories/nest-common';
import { InviteCheckBodyDto } from '../admin/admin-request.dto';
import { InviteCheckDto, SignUpStateDto } from '../admin/admin-response.dto';
import { ok } from '../http/api-response.util';
import { Caller } from '../http/caller.decorator';
import { ApiRoute } from '../openapi/api-route.decorator';
import { AuthThrottlerGuard } from './auth-throttler.guard';

/** /api/auth/sign-up: what the sign-up page and the landing page need to know before offering a form. */
@ApiTags('auth')
@Controller('auth/sign-up')
export class SignUpController {
  constructor(private readonly bus: BusClient) {}

  @Public()
  @Get()
  @ApiRoute({ summary: 'Whether anyone may sign up, or only with an invite', data: SignUpStateDto })
  async state(@Caller() context: MessageContext): Promise<ApiSuccess<SignUpState>> {
    return ok(await this.bus.request(ADMIN_SUBJECTS.signUpState, {}, context));
  }

  @Public()
  @Post('invite')
  @HttpCode(HttpStatus.OK)
  @UseGuards(AuthThrottlerGuard)
  @ApiRoute({
    summary: 'Whether an invite can still be used, and the address it is for (if it names one)',
    description: 'Used, revoked, expired or unknown invites answer 404. The token travels in the body, never in a URL.',
    data: InviteCheckDto,
    errors: [ADMIN_ERROR_CODES.INVITE_NOT_FOUND],
  })
  async checkInvite(
    @Body() body: InviteCheckBodyDto,
    @Caller() context: MessageContext,
  ): Promise<ApiSuccess<InviteCheck>> {
    return ok(await this.bus.request(ADMIN_SUBJECTS.checkInvite, body, context));
  }
}
