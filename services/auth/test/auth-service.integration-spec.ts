import path from 'node:path';
import { describeServiceBasics } from '@memories/server-testing';
import { authServiceDescriptor } from '../src';

describeServiceBasics(authServiceDescriptor, path.join(__dirname, '..', 'dist', 'main.js'));
