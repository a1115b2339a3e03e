import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  TOKEN_SUBJECTS,
  type CreatedPersonalAccessToken,
  type PersonalAccessToken,
  type TokenGrant,
} from '@memories/contracts';
import { BusHandler } from '@memories/nest-common';
import {
  CreateTokenEnvelopeDto,
  TokenIdEnvelopeDto,
  TokenListEnvelopeDto,
  VerifyTokenEnvelopeDto,
} from './personal-access-tokens-envelope.dto';
import { PersonalAccessTokensService } from './personal-access-tokens.service';

/** Personal access tokens on the bus: one line each. */
@BusHandler()
export class PersonalAccessTokensHandler {
  constructor(private readonly tokens: PersonalAccessTokensService) {}

  @MessagePattern(TOKEN_SUBJECTS.create)
  create(@Payload() message: CreateTokenEnvelopeDto): Promise<CreatedPersonalAccessToken> {
    return this.tokens.create(message.userId, message.payload);
  }

  @MessagePattern(TOKEN_SUBJECTS.list)
  list(@Payload() message: TokenListEnvelopeDto): Promise<PersonalAccessToken[]> {
    return this.tokens.list(message.userId);
  }

  @MessagePattern(TOKEN_SUBJECTS.revoke)
  revoke(@Payload() message: TokenIdEnvelopeDto): Promise<{ revoked: true }> {
    return this.tokens.revoke(message.userId, message.payload.id);
  }

  @MessagePattern(TOKEN_SUBJECTS.verify)
  verify(@Payload() message: VerifyTokenEnvelopeDto): Promise<{ grant: TokenGrant | null }> {
    return this.tokens.verify(message.payload.token);
  }
}
