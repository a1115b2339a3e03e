import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { MAX_RETURN_PATH_LENGTH, RETURN_PATH_PATTERN, type LinkIdentityPayload } from '@memories/contracts';

const PASSWORD = 256;
const INVITE_TOKEN = 128;

/** `GET /api/auth/oidc/start?rememberMe=&returnTo=&invite=`: the sign-in page's choices, carried through the provider. */
export class SignInStartQueryDto {
  @ApiPropertyOptional({ enum: ['true', 'false'], description: 'true: a refresh cookie that outlives the browser' })
  @IsOptional()
  @IsIn(['true', 'false'])
  rememberMe?: 'true' | 'false';

  @ApiPropertyOptional({
    description: 'A path of the app to land on after signing in (same origin only); /dashboard by default',
    example: '/memories/new',
  })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_RETURN_PATH_LENGTH)
  @Matches(RETURN_PATH_PATTERN, { message: 'returnTo must be a path of this app, such as /dashboard' })
  returnTo?: string;

  @ApiPropertyOptional({
    description:
      'The token of an invite (the `invite` of its link): a first sign-in without an account is admitted with it, ' +
      'as a registration with inviteToken is; an account that exists or is linked ignores it',
    example: 'Zm9yLWEtZnJpZW5kLW9mLXRoZS1mYW1pbHktb25seS0xMjM',
  })
  @IsOptional()
  @IsString()
  @MaxLength(INVITE_TOKEN)
  invite?: string;
}

/** `POST /api/auth/oidc/link`, checked at the gateway and again by the auth service. */
export class LinkIdentityBodyDto implements LinkIdentityPayload {
  @ApiPropertyOptional({ description: 'The account password: required when the account has one' })
  @IsOptional()
  @IsString()
  @MaxLength(PASSWORD)
  password?: string;
}
