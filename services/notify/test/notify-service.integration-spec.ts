import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { WEBHOOK_SUBJECTS } from '@memories/contracts';
import { describeServiceBasics, type TextFieldCase } from '@memories/server-testing';
import { notifyServiceDescriptor } from '../src';

const userId = randomUUID();

// Every string of the webhook payloads, sent straight over the bus: a URL or an event name holding a control
// character or a lone surrogate is refused.
const textFields: TextFieldCase[] = [
  {
    subject: WEBHOOK_SUBJECTS.create,
    payload: () => ({ url: 'https://hooks.example.com/memories', events: ['memory.created'] }),
    field: 'url',
    userId,
    expect: 'refused',
  },
  {
    subject: WEBHOOK_SUBJECTS.create,
    payload: () => ({ url: 'https://hooks.example.com/memories', events: ['memory.created'] }),
    field: 'events.0',
    userId,
    expect: 'refused',
  },
];

describeServiceBasics(notifyServiceDescriptor, path.join(__dirname, '..', 'dist', 'main.js'), {}, { textFields });
