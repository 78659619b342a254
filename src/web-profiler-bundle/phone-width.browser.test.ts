import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { serveKernel, type RunningServer } from '../server/serve-kernel.ts';
import { profiledKernel } from './test-support/profiled-kernel.ts';
import { CHROMIUM_PATH, launchChromium } from '../testing/launch-chromium.ts';

const skip = existsSync(CHROMIUM_PATH) ? false : `Chromium is not installed at ${CHROMIUM_PATH} (set CHROMIUM_PATH): browser tests skipped.`;
const phone = { width: 390, height: 844 };
const missing = '/bundles/app/images/events/missing.JPG';

/** How far the page is wider than the window (0: it fits). */
const overflow = (page: Page): Promise<number> =>
  page.locator('html').evaluate((html) => {
    const root = html as unknown as { scrollWidth: number; ownerDocument: { defaultView: { innerWidth: number } } };
    return root.scrollWidth - root.ownerDocument.defaultView.innerWidth;
  });

describe('The toolbar and the profiler on a phone (390 px)', { skip }, () => {
  let browser: Browser;
  let page: Page;
  let running: RunningServer;

  before(async () => {
    running = await serveKernel(profiledKernel().kernel, { port: 0 });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: phone });
  });

  after(async () => {
    await browser?.close();
    await running?.stop();
  });

  it('shows the toolbar within the width, with its profile link reachable, and hides it on demand', async () => {
    await page.goto(`${running.url}/`);
    const toolbar = page.locator('#sluice-toolbar');
    await toolbar.waitFor({ state: 'visible' });
    assert.equal(await overflow(page), 0);
    const box = (await toolbar.boundingBox())!;
    assert.ok(box.x >= 0 && box.x + box.width <= phone.width, JSON.stringify(box));
    const link = toolbar.locator('a.sluice-toolbar-profile');
    const linkBox = (await link.boundingBox())!;
    assert.ok(linkBox.x + linkBox.width <= phone.width, 'the profile link is on screen');

    await toolbar.locator('label.sluice-toolbar-hide').click();
    assert.equal(await toolbar.locator('[data-item="status"]').isVisible(), false);
    const collapsed = (await toolbar.boundingBox())!;
    assert.ok(collapsed.width < 150, `collapsed to a corner: ${collapsed.width} px`);
    await toolbar.locator('label.sluice-toolbar-hide').click();
    assert.equal(await toolbar.locator('[data-item="status"]').isVisible(), true);
  });

  it('fits every panel of a 404\'s profile in the width', async () => {
    const response = await page.goto(`${running.url}${missing}`, { referer: `${running.url}${missing}` });
    const token = response!.headers()['x-debug-token']!;
    for (const panel of ['request', 'logs', 'events', 'time', 'router', 'exception']) {
      await page.goto(`${running.url}/_profiler/${token}?panel=${panel}`);
      assert.equal(await overflow(page), 0, `the ${panel} panel overflows`);
    }
    await page.goto(`${running.url}/_profiler/${token}?panel=logs&tab=debug`);
    assert.equal(await overflow(page), 0, 'the debug logs overflow');
  });
});
