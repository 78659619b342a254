/**
 * The HTML of the app's pages, written to a directory (`node --import
 * ./scripts/register-typescript.mjs bench/page-snapshots.ts <dir>`), to compare two
 * versions of the template engine: run it on each and diff the directories. CSRF tokens
 * (random per session) and the debug toolbar (timings, profile tokens) are left out.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from 'sluice/testing';
import { hiddenValue, testApp } from '../app/src/test-support/app-test-kernel.ts';

const dir = process.argv[2];
if (dir === undefined) {
  process.stderr.write('Usage: bench/page-snapshots.ts <output directory>\n');
  process.exit(2);
}
mkdirSync(dir, { recursive: true });
const app = testApp('test', { adminPassword: 'secret-pass' });
const mask = (html: string): string => html.replace(/<div id="sluice-toolbar"[\s\S]*/, '').replace(/(name="_(?:csrf_)?token" value=")[^"]*/g, '$1…').replace(/(_token=)[^"&]*/g, '$1…');
const browser = createClient(app.kernel);
const save = async (name: string, path: string): Promise<void> => {
  const response = await browser.get(path);
  writeFileSync(join(dir, `${name}.html`), `${response.status}\n${mask(response.text())}`);
};
await save('home', '/');
await save('home-fr', '/fr/');
await save('event-en', '/en/events/1');
await save('event-fr', '/fr/events/1');
await save('login', '/login');
const login = await browser.get('/login');
await browser.post('/login', { form: { _username: 'admin', _password: 'secret-pass', _csrf_token: hiddenValue(login, '_csrf_token') } });
await save('admin-index', '/admin/events');
await save('admin-new', '/admin/events/new');
await save('admin-edit', '/admin/events/1/edit');
await app.close();
