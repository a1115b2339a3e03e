import { plainToInstance } from 'class-transformer';
import { validate, type ValidationError } from 'class-validator';
import { MAX_PASSKEY_NAME_LENGTH } from '@memories/contracts';
import { PasskeyLoginBodyDto, PasskeyRegistrationBodyDto, TwoFactorCodeBodyDto } from './account-security-request.dto';

/** The properties (nested ones as `parent.child`) the validation pipe would refuse, as it runs it. */
async function refusedFields<T extends object>(type: new () => T, plain: object): Promise<string[]> {
  const paths = (errors: ValidationError[], prefix: string): string[] =>
    errors.flatMap((error) => [
      ...(error.constraints ? [`${prefix}${error.property}`] : []),
      ...paths(error.children ?? [], `${prefix}${error.property}.`),
    ]);
  return paths(await validate(plainToInstance(type, plain), { whitelist: true, forbidNonWhitelisted: true }), '');
}

const CHALLENGE_ID = '6f1c1a52-4a5e-4f64-9a53-0b2f0b7c5d1e';
const assertion = {
  clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0',
  authenticatorData: 'SZYN5YgO',
  signature: 'MEUCIQ',
};
const credential = (response: object) => ({
  id: 'AbC-_9',
  rawId: 'AbC-_9',
  type: 'public-key',
  clientExtensionResults: {},
  response,
});

describe('account security request DTOs', () => {
  it('accept a passkey sign-in answer as @simplewebauthn/browser hands it over', async () => {
    await expect(
      refusedFields(PasskeyLoginBodyDto, {
        challengeId: CHALLENGE_ID,
        response: credential(assertion),
        rememberMe: true,
      }),
    ).resolves.toEqual([]);
  });

  it('refuse a passkey answer whose binary fields are not base64url, naming the nested field', async () => {
    const refused = await refusedFields(PasskeyLoginBodyDto, {
      challengeId: CHALLENGE_ID,
      response: credential({ ...assertion, signature: 'not/base64+url=' }),
      rememberMe: false,
    });

    expect(refused).toEqual(['response.response.signature']);
  });

  it('refuse a passkey answer without its response object, and a challenge id that is not a UUID', async () => {
    const { response: _response, ...withoutResponse } = credential(assertion);
    const refused = await refusedFields(PasskeyLoginBodyDto, {
      challengeId: 'abc',
      response: withoutResponse,
      rememberMe: false,
    });

    expect(refused.sort()).toEqual(['challengeId', 'response.response']);
  });

  it('limit a passkey name to its length', async () => {
    const registration = (name: string) => ({
      challengeId: CHALLENGE_ID,
      response: credential({ clientDataJSON: 'eyJ9', attestationObject: 'o2Nm' }),
      name,
    });

    await expect(
      refusedFields(PasskeyRegistrationBodyDto, registration('L'.repeat(MAX_PASSKEY_NAME_LENGTH))),
    ).resolves.toEqual([]);
    await expect(
      refusedFields(PasskeyRegistrationBodyDto, registration('L'.repeat(MAX_PASSKEY_NAME_LENGTH + 1))),
    ).resolves.toEqual(['name']);
  });

  it('keep a typed passkey name with its stray control characters cleaned away', () => {
    const body = plainToInstance(PasskeyRegistrationBodyDto, { challengeId: CHALLENGE_ID, name: 'Lap\u0000top\u0007' });

    expect(body.name).toBe('Laptop');
  });

  it('refuse a code that is not text or longer than any code', async () => {
    await expect(refusedFields(TwoFactorCodeBodyDto, { code: 123456 })).resolves.toEqual(['code']);
    await expect(refusedFields(TwoFactorCodeBodyDto, { code: '1'.repeat(33) })).resolves.toEqual(['code']);
  });
});
