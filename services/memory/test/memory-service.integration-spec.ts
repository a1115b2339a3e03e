import path from 'node:path';
import { describeServiceBasics } from '@memories/server-testing';
import { memoryServiceDescriptor } from '../src';

describeServiceBasics(memoryServiceDescriptor, path.join(__dirname, '..', 'dist', 'main.js'));
