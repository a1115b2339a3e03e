import webPush from 'web-push';
import { vapidSubjectOf } from './vapid-subject';

describe('the VAPID subject', () => {
  const keys = webPush.generateVAPIDKeys();
  const signs = (subject: string) => () =>
    webPush.getVapidHeaders('https://push.example.com', subject, keys.publicKey, keys.privateKey, 'aes128gcm');

  it('is VAPID_SUBJECT when set, else an https PUBLIC_URL', () => {
    expect(vapidSubjectOf({ VAPID_SUBJECT: 'mailto:admin@example.com', PUBLIC_URL: 'https://m.example.com' })).toBe(
      'mailto:admin@example.com',
    );
    expect(vapidSubjectOf({ PUBLIC_URL: 'https://m.example.com' })).toBe('https://m.example.com');
  });

  it('is a mailto: at the host of a plain-http PUBLIC_URL (npm start), which web-push signs with', () => {
    const subject = vapidSubjectOf({ PUBLIC_URL: 'http://localhost:3000' });
    expect(subject).toBe('mailto:memories@localhost');
    expect(signs(subject)).not.toThrow();
    expect(signs('http://localhost:3000')).toThrow('Vapid subject is not an https: or mailto: URL');
  });
});
