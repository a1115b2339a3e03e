import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { UPLOAD_SUBJECTS } from '@memories/contracts';
import { generateEs256KeyPair } from '@memories/nest-common';
import { describeServiceBasics, type TextFieldCase } from '@memories/server-testing';
import { uploadServiceDescriptor } from '../src';

const userId = randomUUID();
const grant = () => ({ fileName: 'holiday.png', fileType: 'image/png' });

// Every string of every upload payload, sent straight over the bus: the file's name is cleaned (only its extension
// is used), the rest is refused.
const textFields: TextFieldCase[] = [
  { subject: UPLOAD_SUBJECTS.createGrant, payload: grant, field: 'fileName', userId, expect: 'cleaned' },
  { subject: UPLOAD_SUBJECTS.createGrant, payload: grant, field: 'fileType', userId, expect: 'refused' },
  {
    subject: UPLOAD_SUBJECTS.cleanup,
    payload: () => ({ imageUrls: [`/api/files/users/${userId}/a.png`] }),
    field: 'imageUrls.0',
    userId,
    expect: 'refused',
  },
];

describeServiceBasics(
  uploadServiceDescriptor,
  path.join(__dirname, '..', 'dist', 'main.js'),
  { AUTH_JWT_PUBLIC_KEY: generateEs256KeyPair().publicKey },
  { textFields },
);
