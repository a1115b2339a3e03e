export {
  AuthenticationCredentialDto,
  ChangePasswordBodyDto,
  IdParams,
  PasskeyLoginBodyDto,
  PasskeyRegistrationBodyDto,
  PasskeyRemovalBodyDto,
  PasswordConfirmationBodyDto,
  RegistrationCredentialDto,
  ResetPasswordBodyDto,
  TwoFactorCodeBodyDto,
  TwoFactorLoginBodyDto,
} from './account-security-request.dto';
export { CreateTokenBodyDto } from './personal-access-token-request.dto';
export { LinkIdentityBodyDto, SignInStartQueryDto } from './single-sign-on-request.dto';
