import path from 'node:path';
import { generateEs256KeyPair } from '@memories/nest-common';
import { describeServiceBasics } from '@memories/server-testing';
import { authServiceDescriptor } from '../src';

describeServiceBasics(authServiceDescriptor, path.join(__dirname, '..', 'dist', 'main.js'), {
  AUTH_JWT_PRIVATE_KEY: generateEs256KeyPair().privateKey,
});
