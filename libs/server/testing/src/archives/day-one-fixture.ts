import { createHash } from 'node:crypto';
import { jpegBytes, pngBytes, type FixtureEntry } from './zip-fixture';

const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

/**
 * A Day One JSON export built from the format's documented shape (see the Day One format notes the project keeps): two
 * entries with photos (one photo copied between entries under a new identifier), escaped punctuation, a heading,
 * zero-width spaces, "(null)" values, a video, location, weather and a starred entry.
 */
export function dayOneArchive(): { entries: FixtureEntry[]; photo: Buffer; second: Buffer } {
  const photo = jpegBytes(3);
  const second = pngBytes(4);
  const journal = {
    metadata: { version: '1.0' },
    entries: [
      {
        uuid: 'A1B2C3D4E5F60718293A4B5C6D7E8F90',
        creationDate: '2021-03-03T11:48:50Z',
        modifiedDate: '2021-03-04T08:00:00Z',
        timeZone: 'Australia/Sydney',
        starred: true,
        tags: ['travel', 'australia'],
        text: '# Cairns\n\nCairns here we come\\. **Finally\u200b**\\!\n\n![](dayone-moment://PHOTO-ONE)\n\n![](dayone-moment:/video/VIDEO-ONE)\n\n- reef\n- rain',
        photos: [
          {
            identifier: 'PHOTO-ONE',
            md5: md5(photo),
            type: 'jpeg',
            filename: 'IMG_0001.JPG',
            width: 10,
            height: 10,
            fnumber: '(null)',
          },
          { identifier: 'PHOTO-TWO', md5: md5(second), type: 'png', filename: 'IMG_0002.PNG', width: 10, height: 10 },
        ],
        videos: [{ identifier: 'VIDEO-ONE', md5: 'f'.repeat(32), type: 'mov' }],
        location: {
          placeName: 'Esplanade',
          localityName: 'Cairns',
          administrativeArea: 'Queensland',
          country: 'Australia',
          latitude: -16.9,
          longitude: 145.7,
        },
        weather: { temperatureCelsius: 27.6, conditionsDescription: 'Partly Cloudy', windBearing: 360 },
      },
      {
        uuid: '0F1E2D3C4B5A69788796A5B4C3D2E1F0',
        creationDate: '2021-03-05T20:15:00Z',
        timeZone: 'Australia/Brisbane',
        text: 'Back home, same photo again.\n\n![](dayone-moment://PHOTO-COPY)',
        photos: [{ identifier: 'PHOTO-COPY', md5: md5(photo), type: 'jpeg' }],
      },
    ],
  };
  return {
    photo,
    second,
    entries: [
      { name: 'Journal.json', data: JSON.stringify(journal, null, 2) },
      { name: `photos/${md5(photo)}.jpeg`, data: photo, store: true },
      { name: `photos/${md5(second)}.png`, data: second, store: true },
      { name: `videos/${'f'.repeat(32)}.mov`, data: Buffer.alloc(100, 1), store: true },
    ],
  };
}
