import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { serveKernel, type RunningServer } from '../server/serve-kernel.ts';
import { profiledKernel } from './test-support/profiled-kernel.ts';
import { CHROMIUM_PATH, launchChromium } from '../testing/launch-chromium.ts';

// Real Chromium, installed by the system (never downloaded); one launch for the whole file.
// Screenshots go to a directory of this run (SLUICE_TEST_ARTIFACTS to keep them somewhere).
const artifacts = process.env.SLUICE_TEST_ARTIFACTS ?? mkdtempSync(join(tmpdir(), 'sluice-screenshots-'));
const skip = existsSync(CHROMIUM_PATH) ? false : `Chromium is not installed at ${CHROMIUM_PATH} (set CHROMIUM_PATH): browser tests skipped.`;
const missing = '/bundles/app/images/events/missing.JPG';

describe('The web profiler in Chromium', { skip }, () => {
  let browser: Browser;
  let page: Page;
  let running: RunningServer;
  let base: string;

  before(async () => {
    mkdirSync(artifacts, { recursive: true });
    running = await serveKernel(profiledKernel().kernel, { port: 0 });
    base = running.url;
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  });

  after(async () => {
    await browser?.close();
    await running?.stop();
  });

  it('shows the toolbar on an HTML page, and its link opens the profile', async () => {
    const response = await page.goto(`${base}/`);
    const token = response!.headers()['x-debug-token']!;
    const toolbar = page.locator('#sluice-toolbar');
    await toolbar.waitFor({ state: 'visible' });
    assert.equal(await toolbar.locator('[data-item="status"]').innerText(), '200');
    assert.match(await toolbar.locator('[data-item="route"]').innerText(), /@ home/);
    await page.screenshot({ path: join(artifacts, 'profiler-toolbar.png') });

    await toolbar.locator('a.sluice-toolbar-profile').click();
    await page.waitForURL(`${base}/_profiler/${token}`);
    assert.equal(await page.locator('section.summary').getAttribute('data-token'), token);
    assert.equal(await page.locator('nav.panels a.selected').getAttribute('data-panel'), 'request');
    assert.match(await page.locator('p.controller').innerText(), /PagesController::homeAction/);
    await page.screenshot({ path: join(artifacts, 'profiler-request-panel.png'), fullPage: true });
  });

  it('lists the entries of the source document\'s 404 in the profile\'s Logs panel', async () => {
    const response = await page.goto(`${base}${missing}`, { referer: `${base}${missing}` });
    assert.equal(response!.status(), 404);
    const token = response!.headers()['x-debug-token']!;
    await page.locator('#sluice-toolbar').waitFor({ state: 'visible' });

    await page.goto(`${base}/_profiler/${token}?panel=logs`);
    const errors = page.locator('table.logs tbody tr');
    assert.equal(await errors.count(), 1);
    assert.match(await errors.first().innerText(), new RegExp(`ERROR[\\s\\S]*request[\\s\\S]*Uncaught Exception NotFoundHttpException: "No route found for "GET ${missing.replace(/\./g, '\\.')}" \\(from "${base.replace(/\./g, '\\.')}`));
    await page.screenshot({ path: join(artifacts, 'profiler-404-logs-errors.png'), fullPage: true });

    await page.locator('nav.tabs a[data-tab="debug"]').click();
    await page.waitForURL(/tab=debug/);
    const debugRows = page.locator('table.logs[data-tab="debug"] tbody tr');
    assert.ok((await debugRows.count()) > 20);
    assert.match(await debugRows.first().innerText(), /Notified event "kernel\.request" to listener "DebugHandlersListener::configure"\./);
    await page.screenshot({ path: join(artifacts, 'profiler-404-logs-debug.png'), fullPage: true });
  });

  it('lists the listeners of both kernel.request passes of that 404 in the Events panel', async () => {
    const response = await page.goto(`${base}${missing}`, { referer: `${base}${missing}` });
    const token = response!.headers()['x-debug-token']!;
    await page.goto(`${base}/_profiler/${token}?panel=events`);
    const pass = async (request: 'main' | 'sub'): Promise<string[]> =>
      page.locator(`table.events.called[data-request="${request}"] tr[data-event="kernel.request"] td.listener`).allInnerTexts();
    const first = await pass('main');
    const second = await pass('sub');
    assert.deepEqual(first, ['DebugHandlersListener::configure', 'ValidateRequestListener::onKernelRequest', 'SessionListener::onKernelRequest', 'LocaleListener::setDefaultLocale', 'RouterListener::onKernelRequest']);
    assert.deepEqual(second, [...first, 'ResolveControllerNameSubscriber::resolveControllerName', 'LocaleListener::onKernelRequest']);
    await page.screenshot({ path: join(artifacts, 'profiler-404-events.png'), fullPage: true });
  });
});
