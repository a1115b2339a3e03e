import path from 'node:path';
import { generateEs256KeyPair } from '@memories/nest-common';
import { describeServiceBasics } from '@memories/server-testing';
import { uploadServiceDescriptor } from '../src';

describeServiceBasics(uploadServiceDescriptor, path.join(__dirname, '..', 'dist', 'main.js'), {
  AUTH_JWT_PUBLIC_KEY: generateEs256KeyPair().publicKey,
});
