import { writeFile } from 'node:fs/promises';
import { zipBytes, pngBytes } from '../services/upload/src/transfer/testing/zip-fixture';
import { dayOneArchive } from '../services/upload/src/transfer/testing/day-one-fixture';
const base = 'http://127.0.0.1:3160/api';
const json = async (method: string, path: string, body?: unknown, token?: string) => {
  const r = await fetch(base + path, { method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: r.status, body: await r.json().catch(() => null) };
};
async function main() {
  const email = `u${Date.now()}@example.com`;
  await json('POST', '/auth/register', { name: 'Ada L', email, password: 'secret1', confirmPassword: 'secret1' });
  const token = (await json('POST', '/auth/login', { email, password: 'secret1', rememberMe: false })).body.data.accessToken;
  const grant = (await json('POST', '/upload/presigned-url', { fileName: 'a.png', fileType: 'image/png' }, token)).body.data;
  const put = await fetch('http://127.0.0.1:3160' + grant.uploadUrl, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: new Uint8Array(pngBytes(9)) });
  console.log('put', put.status);
  const doc = { type: 'doc', content: [{ type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Hello' }] }, { type: 'paragraph', content: [{ type: 'text', text: 'World ', marks: [{ type: 'bold' }] }] }, { type: 'image', attrs: { src: grant.fileUrl } }] };
  const created = await json('POST', '/memories/memory', { title: 'First day', date: '2024-05-01', contentJson: JSON.stringify(doc), tags: ['a', 'b'], isDraft: false, thumbnailUrl: grant.fileUrl }, token);
  console.log('create', created.status, created.body.message);
  const exp = await fetch(base + '/export', { headers: { authorization: `Bearer ${token}` } });
  console.log('export', exp.status, exp.headers.get('content-disposition'));
  const zip = Buffer.from(await exp.arrayBuffer());
  await writeFile('/tmp/h16-export.zip', zip);
  const ticket = await json('POST', '/export', undefined, token);
  console.log('ticket', ticket.status, ticket.body);
  const d1 = dayOneArchive();
  const form = new FormData();
  form.append('file', new Blob([await zipBytes(d1.entries)]), 'dayone.zip');
  const imp = await fetch(base + '/import', { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const accepted = await imp.json();
  console.log('import', imp.status, accepted);
  for (let i = 0; i < 30; i++) {
    const rep = await json('GET', `/import/${accepted.data.jobId}`, undefined, token);
    if (rep.body.data.status === 'done' || rep.body.data.status === 'failed') { console.log(JSON.stringify(rep.body, null, 1)); break; }
    await new Promise((r) => setTimeout(r, 1000));
  }
  const list = await json('GET', '/memories/my?size=10', undefined, token);
  for (const m of list.body.data) console.log(m.title, '|', m.date, '|', m.tags, '|', m.createdAt, '\n', m.contentHtml.slice(0, 400));
  const form2 = new FormData();
  form2.append('file', new Blob([zip]), 'mine.zip');
  const imp2 = await fetch(base + '/import', { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form2 });
  const acc2 = await imp2.json(); console.log('reimport', imp2.status, acc2);
  for (let i = 0; i < 30; i++) {
    const rep = await json('GET', `/import/${acc2.data.jobId}`, undefined, token);
    if (rep.body.data.status === 'done' || rep.body.data.status === 'failed') { console.log(JSON.stringify(rep.body)); break; }
    await new Promise((r) => setTimeout(r, 1000));
  }
  const bad = new FormData(); bad.append('file', new Blob([Buffer.from('hello')]), 'x.zip');
  const r3 = await fetch(base + '/import', { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: bad }); console.log('bad', r3.status, await r3.text());
}
main().catch((e) => { console.error(e); process.exit(1); });
