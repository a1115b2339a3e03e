import { Body, Controller, Delete, Get, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  TOKEN_ERROR_CODES,
  TOKEN_MESSAGES,
  TOKEN_SUBJECTS,
  type ApiSuccess,
  type CreatedPersonalAccessToken,
  type CallerContext,
  type PersonalAccessToken,
} from '@memories/contracts';
import { CreateTokenBodyDto, IdParams } from '@memories/account-security-dto';
import { BusClient, PersonalAccessTokenVerifier } from '@memories/nest-common';
import { ok } from '../http/api-response.util';
import { Caller } from '../http/caller.decorator';
import { ApiRoute } from '../openapi/api-route.decorator';
import { CreatedPersonalAccessTokenDto, PersonalAccessTokenDto } from './tokens-response.dto';

/**
 * /api/tokens: the caller's personal access tokens, kept by the auth service. Managing them needs a signed-in person:
 * no token may (TOKEN_ROUTE_SCOPES lists none of these routes).
 */
@ApiTags('tokens')
@Controller('tokens')
export class TokensController {
  constructor(
    private readonly bus: BusClient,
    private readonly personalTokens: PersonalAccessTokenVerifier,
  ) {}

  @Post()
  @ApiRoute({
    summary: 'Create a personal access token (`mem_pat_…`) for scripts: read, or read and write',
    description: 'The answer is the only one that shows the token; only its hash is kept.',
    data: CreatedPersonalAccessTokenDto,
    errors: [TOKEN_ERROR_CODES.PERSONAL_ACCESS_TOKEN_LIMIT_CONFLICT],
  })
  async create(
    @Body() body: CreateTokenBodyDto,
    @Caller() caller: CallerContext,
  ): Promise<ApiSuccess<CreatedPersonalAccessToken>> {
    return ok(await this.bus.request(TOKEN_SUBJECTS.create, body, caller), { message: TOKEN_MESSAGES.created });
  }

  @Get()
  @ApiRoute({
    summary: 'The caller’s tokens, with their last use (never the tokens themselves)',
    data: [PersonalAccessTokenDto],
  })
  async list(@Caller() caller: CallerContext): Promise<ApiSuccess<PersonalAccessToken[]>> {
    return ok(await this.bus.request(TOKEN_SUBJECTS.list, {}, caller));
  }

  @Delete(':id')
  @ApiRoute({
    summary: 'Revoke a token: its next call answers 401',
    data: null,
    errors: [TOKEN_ERROR_CODES.PERSONAL_ACCESS_TOKEN_NOT_FOUND],
  })
  async revoke(@Param() { id }: IdParams, @Caller() caller: CallerContext): Promise<ApiSuccess<null>> {
    await this.bus.request(TOKEN_SUBJECTS.revoke, { id }, caller);
    this.personalTokens.forget({ tokenId: id });
    return ok(null, { message: TOKEN_MESSAGES.revoked });
  }
}
