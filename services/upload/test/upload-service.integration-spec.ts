import path from 'node:path';
import { describeServiceBasics } from '@memories/server-testing';
import { uploadServiceDescriptor } from '../src';

describeServiceBasics(uploadServiceDescriptor, path.join(__dirname, '..', 'dist', 'main.js'));
