import { ApiProperty } from '@nestjs/swagger';
import type {
  AuthorizationRedirect,
  LinkedIdentity,
  LoggedOut,
  SignInOptions,
  SingleSignOnOption,
} from '@memories/contracts';

export class SingleSignOnOptionDto implements SingleSignOnOption {
  @ApiProperty({ description: 'The login button says "Sign in with {displayName}"', example: 'Authentik' })
  displayName!: string;
  @ApiProperty({ description: 'false: the provider cannot be reached now', example: true }) available!: boolean;
  @ApiProperty({
    description: 'Where the button sends the browser (on PUBLIC_URL)',
    example: 'https://journal.example.com/api/auth/oidc/start',
  })
  startUrl!: string;
}

export class SignInOptionsDto implements SignInOptions {
  @ApiProperty({ description: 'false: password sign-in and registration are off', example: true })
  passwordLogin!: boolean;
  @ApiProperty({
    type: SingleSignOnOptionDto,
    nullable: true,
    description: 'null: single sign-on is not set up',
    example: {
      displayName: 'Authentik',
      available: true,
      startUrl: 'https://journal.example.com/api/auth/oidc/start',
    },
  })
  singleSignOn!: SingleSignOnOptionDto | null;
}

export class LinkedIdentityDto implements LinkedIdentity {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'Authentik' }) provider!: string;
  @ApiProperty({ example: 'https://auth.example.com/application/o/memories/' }) issuer!: string;
  @ApiProperty({ type: String, nullable: true, example: 'ada@example.com' }) email!: string | null;
  @ApiProperty({ format: 'date-time' }) linkedAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) lastUsedAt!: string | null;
  @ApiProperty({ description: 'false: the instance no longer uses this provider', example: true }) usable!: boolean;
}

export class AuthorizationRedirectDto implements AuthorizationRedirect {
  @ApiProperty({
    description: "The provider's authorization URL: send the browser there",
    example: 'https://auth.example.com/application/o/authorize/?response_type=code&client_id=memories',
  })
  authorizationUrl!: string;
}

export class LoggedOutDto implements LoggedOut {
  @ApiProperty({
    description: "With OIDC_LOGOUT=true after a single sign-on: the provider's logout, where the browser goes next",
    example: 'https://auth.example.com/application/o/memories/end-session/?id_token_hint=eyJ',
  })
  endSessionUrl!: string;
}
