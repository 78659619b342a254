import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Event } from './entity/event.ts';
import type { EventRepository } from './entity/event-repository.ts';
import { hiddenValue, testApp, type TestApp } from '../test-support/app-test-kernel.ts';
import { createClient, type KernelBrowser, type UploadFile } from 'sluice/testing';
import { projectDir } from '../create-kernel.ts';

const bundleImages = join(projectDir, 'src', 'app-bundle', 'Resources', 'public', 'images', 'events');
const jpeg = readFileSync(join(bundleImages, 'jazz-night.JPG'));

describe('The admin area', () => {
  let app: TestApp;
  let events: EventRepository;
  /** The test app's upload directory (under its own var directory). */
  let uploads: string;
  const uploaded = (): string[] => (existsSync(uploads) ? readdirSync(uploads) : []);
  const bundleImagesBefore = readdirSync(bundleImages);

  before(() => {
    app = testApp('test', { adminPassword: 'secret-pass', maxImageBytes: 64 * 1024 });
    events = app.kernel.container.get('entity_manager').getRepository(Event) as EventRepository;
    uploads = join(app.kernel.varDir, 'uploads', 'pictures');
  });

  after(async () => {
    await app.close();
    assert.deepEqual(readdirSync(bundleImages), bundleImagesBefore, 'nothing written into the bundle');
  });

  /** A browser logged in as admin, through the login form. */
  async function loggedIn(): Promise<KernelBrowser> {
    const browser = createClient(app.kernel);
    const page = await browser.get('/login');
    const response = await browser.post('/login', { form: { _username: 'admin', _password: 'secret-pass', _csrf_token: hiddenValue(page, '_csrf_token') } });
    assert.equal(response.status, 302);
    return browser;
  }

  /** The create form's fields, valid, with a fresh CSRF token. */
  async function newEventForm(browser: KernelBrowser, fields: Record<string, string> = {}): Promise<Record<string, string>> {
    const page = await browser.get('/admin/events/new');
    assert.equal(page.status, 200);
    return { title: 'Admin test fair', venue: 'Market square', starts_at: '2031-06-01T18:30', description: 'Stalls and music.', _token: hiddenValue(page, '_token'), ...fields };
  }

  const image = (content: Buffer = jpeg, name = 'photo.jpg', type = 'image/jpeg'): Record<string, UploadFile> => ({ image: { name, type, content } });

  it('sends anonymous visitors to the login page, then back to the page they asked for', async () => {
    const browser = createClient(app.kernel);
    const response = await browser.get('/admin/events');
    assert.equal(response.status, 302);
    assert.equal(response.headers.get('Location'), 'http://localhost/login');
    const page = await browser.get('/login');
    assert.match(page.text(), /<input type="text" name="_username" value=""/);
    const login = await browser.post('/login', { form: { _username: 'admin', _password: 'secret-pass', _csrf_token: hiddenValue(page, '_csrf_token') } });
    assert.equal(login.headers.get('Location'), 'http://localhost/admin/events');
    const list = await browser.get('/admin/events');
    assert.equal(list.status, 200);
    assert.match(list.text(), /<span class="user">admin<\/span>/);
  });

  it('refuses a wrong password and shows why, keeping the username', async () => {
    const browser = createClient(app.kernel);
    const page = await browser.get('/login');
    await browser.post('/login', { form: { _username: 'admin', _password: 'nope', _csrf_token: hiddenValue(page, '_csrf_token') } });
    const again = (await browser.get('/login')).text();
    assert.match(again, /<p class="error" role="alert">Invalid credentials\.<\/p>/);
    assert.match(again, /name="_username" value="admin"/);
    assert.equal((await browser.get('/admin/events')).status, 302);
  });

  it('refuses a login without the form\'s CSRF token', async () => {
    const browser = createClient(app.kernel);
    await browser.get('/login');
    await browser.post('/login', { form: { _username: 'admin', _password: 'secret-pass', _csrf_token: 'forged' } });
    assert.match((await browser.get('/login')).text(), /Invalid CSRF token\./);
  });

  it('creates an event with its image, says so, and shows it on the home page', async () => {
    const browser = await loggedIn();
    const before = (await events.all()).length;
    const response = await browser.post('/admin/events/new', { form: await newEventForm(browser), files: image() });
    assert.equal(response.status, 302);
    assert.equal(response.headers.get('Location'), '/admin/events');
    const list = (await browser.get('/admin/events')).text();
    assert.match(list, /<p class="flash notice" role="status">Event created\.<\/p>/);
    assert.ok(!(await browser.get('/admin/events')).text().includes('Event created.'), 'a flash is shown once');

    const all = await events.all();
    assert.equal(all.length, before + 1);
    const created = all.find((event) => event.title === 'Admin test fair')!;
    assert.deepEqual([created.venue, created.description, created.startsAt.getTime()], ['Market square', 'Stalls and music.', new Date(2031, 5, 1, 18, 30).getTime()]);
    assert.match(created.image!, /^admin-test-fair-[0-9a-f]{8}\.JPG$/);
    assert.ok(readFileSync(join(uploads, created.image!)).equals(jpeg), 'stored in the upload directory');
    const home = (await browser.get('/')).text();
    assert.ok(home.includes(`<img class="event-image" src="/pictures/${created.image}" alt="Picture of Admin test fair">`));
    assert.ok(home.includes('<img class="event-image" src="/bundles/app/images/events/opening.JPG" alt="Picture of Opening night">'), 'shipped pictures stay static assets');
    const picture = await browser.get(`/pictures/${created.image}`);
    assert.equal(picture.status, 200);
    assert.equal(picture.headers.get('Content-Type'), 'image/jpeg');
  });

  for (const [what, fields, files, field, message] of [
    ['no title', { title: '' }, image(), 'title', 'Enter a title.'],
    ['a title of 121 characters', { title: 'x'.repeat(121) }, image(), 'title', 'The title cannot be longer than 120 characters.'],
    ['no venue', { venue: '   ' }, image(), 'venue', 'Enter a venue.'],
    ['no start', { starts_at: '' }, image(), 'starts-at', 'Enter a valid start date and time.'],
    ['a start that does not exist', { starts_at: '2031-02-30T10:00' }, image(), 'starts-at', 'Enter a valid start date and time.'],
    ['no image', {}, {}, 'image', 'Choose a JPEG image.'],
    ['a PNG named .jpg', {}, image(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), 'photo.jpg', 'image/jpeg'), 'image', 'The image must be a JPEG file.'],
    ['a JPEG over the size limit', {}, image(Buffer.concat([jpeg, Buffer.alloc(64 * 1024)])), 'image', 'The image cannot be larger than 64 KB.'],
  ] as const) {
    it(`shows the form again with its error and stores nothing for ${what}`, async () => {
      const browser = await loggedIn();
      const before = (await events.all()).length;
      const imagesBefore = uploaded().length;
      const response = await browser.post('/admin/events/new', { form: await newEventForm(browser, fields), files });
      assert.equal(response.status, 422);
      const html = response.text();
      assert.ok(html.includes(`<span class="error" id="${field}-error">${message}</span>`), html.slice(html.indexOf('<form'), html.indexOf('</form>')));
      assert.equal((await events.all()).length, before);
      assert.equal(uploaded().length, imagesBefore, 'no image was kept');
    });
  }

  it('keeps what was typed in a form shown again', async () => {
    const browser = await loggedIn();
    const html = (await browser.post('/admin/events/new', { form: await newEventForm(browser, { venue: '', title: 'Admin test <b>bold</b>' }), files: image() })).text();
    assert.ok(html.includes('name="title" value="Admin test &lt;b&gt;bold&lt;/b&gt;"'));
  });

  it('stores nothing for a form posted with a wrong CSRF token', async () => {
    const browser = await loggedIn();
    const before = (await events.all()).length;
    const response = await browser.post('/admin/events/new', { form: await newEventForm(browser, { _token: 'forged' }), files: image() });
    assert.equal(response.status, 422);
    assert.match(response.text(), /<p class="error" role="alert">The form has expired; please submit it again\.<\/p>/);
    assert.equal((await events.all()).length, before);
  });

  it('edits an event, keeping its image when none is sent, and changes its update time', async () => {
    const browser = await loggedIn();
    const event = (await events.find(2))!;
    const page = await browser.get('/admin/events/2/edit');
    const html = page.text();
    assert.match(html, /name="title" value="Jazz night"/);
    const response = await browser.post('/admin/events/2/edit', { form: {
      title: 'Jazz night (sold out)', venue: 'The Cellar', starts_at: '2031-07-14T21:00', description: '', _token: hiddenValue(page, '_token'),
    } });
    assert.equal(response.status, 302);
    const edited = (await events.find(2))!;
    assert.deepEqual([edited.title, edited.image, edited.description], ['Jazz night (sold out)', 'jazz-night.JPG', '']);
    assert.ok(edited.updatedAt.getTime() >= event.updatedAt.getTime());
    assert.match((await browser.get('/admin/events')).text(), /Event updated\./);
  });

  it('refuses the token of another event\'s form', async () => {
    const browser = await loggedIn();
    const other = hiddenValue(await browser.get('/admin/events/1/edit'), '_token');
    const response = await browser.post('/admin/events/3/edit', { form: { title: 'Hijacked', venue: 'x', starts_at: '2031-01-01T10:00', _token: other } });
    assert.equal(response.status, 422);
    assert.equal((await events.find(3))!.title, 'Photography workshop');
  });

  it('lets a test log the admin in without the form (the test client\'s loginUser)', async () => {
    const browser = createClient(app.kernel);
    await browser.loginUser('admin');
    const list = await browser.get('/admin/events');
    assert.equal(list.status, 200);
    assert.equal(list.select('span.user').text(), 'admin');
  });

  it('answers 404 for the edit form of an unknown event', async () => {
    const browser = await loggedIn();
    assert.equal((await browser.get('/admin/events/999/edit')).status, 404);
  });

  it('logs out with the logout form, and the admin area asks for a login again', async () => {
    const browser = await loggedIn();
    const list = await browser.get('/admin/events');
    const response = await browser.post('/logout', { form: { _csrf_token: hiddenValue(list, '_csrf_token') } });
    assert.equal(response.status, 302);
    assert.equal((await browser.get('/admin/events')).status, 302);
  });

  it('refuses to log out without the logout token', async () => {
    const browser = await loggedIn();
    assert.equal((await browser.post('/logout', { form: { _csrf_token: 'forged' } })).status, 403);
    assert.equal((await browser.get('/admin/events')).status, 200);
  });
});

describe('The admin area in prod without APP_ADMIN_PASSWORD', () => {
  it('does not exist: no login page, no admin pages', async () => {
    const app = testApp('prod', { adminPassword: undefined });
    try {
      const browser = createClient(app.kernel);
      assert.deepEqual([(await browser.get('/login')).status, (await browser.get('/admin/events')).status, (await browser.get('/')).status], [404, 404, 200]);
    } finally {
      await app.close();
    }
  });
});
