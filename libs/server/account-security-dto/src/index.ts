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
