import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync, lstatSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Bundle } from './bundle.ts';
import type { Kernel } from './kernel.ts';
import { Route } from '../routing/route.ts';
import { Response } from '../http/response.ts';
import { installAssets, assetsInstalled } from '../console/install-assets.ts';
import { TestKernel, get } from './test-support/test-kernel.ts';

const bundleDir = mkdtempSync(join(tmpdir(), 'sluice-bundle-'));
mkdirSync(join(bundleDir, 'Resources', 'public', 'css'), { recursive: true });
writeFileSync(join(bundleDir, 'Resources', 'public', 'css', 'site.css'), 'body{}');

class ShopController {
  indexAction(): Response { return new Response('shop'); }
}

class ShopBundle extends Bundle {
  readonly booted: string[] = [];
  override get path(): string { return bundleDir; }
  override build(kernel: Kernel): void {
    kernel.controllers.registerClass(ShopController);
    kernel.routes.add('shop', new Route('/shop', { defaults: { _controller: 'ShopController::indexAction' } }));
    kernel.commands.push((program) => { program.command('shop:hello'); });
  }
  override boot(): void { this.booted.push('boot'); }
}

describe('Bundle', () => {
  it('derives its asset name from its class name', () => {
    const bundle = new ShopBundle();
    assert.equal(bundle.name, 'ShopBundle');
    assert.equal(bundle.shortName, 'shop');
    assert.equal(bundle.publicDir, join(bundleDir, 'Resources', 'public'));
  });

  it('registers routes, controllers and commands with the kernel, and boots after every bundle is built', async () => {
    const bundle = new ShopBundle();
    const kernel = new TestKernel({ bundles: [bundle] });
    const response = await kernel.request(get('/shop'));
    assert.equal(response.content, 'shop');
    assert.equal(kernel.commands.length, 1);
    assert.deepEqual(bundle.booted, ['boot']);
  });

  it('has its public assets copied, or linked, under public/bundles/<name>', () => {
    const publicDir = mkdtempSync(join(tmpdir(), 'sluice-public-'));
    const bundles = [new ShopBundle()];
    assert.equal(assetsInstalled(bundles, publicDir), false);
    const [copied] = installAssets(bundles, publicDir, false);
    assert.deepEqual(copied, { bundle: 'ShopBundle', target: join('bundles', 'shop'), method: 'copy', files: 1 });
    assert.equal(readFileSync(join(publicDir, 'bundles', 'shop', 'css', 'site.css'), 'utf8'), 'body{}');
    installAssets(bundles, publicDir, true);
    assert.ok(lstatSync(join(publicDir, 'bundles', 'shop')).isSymbolicLink());
    assert.equal(readFileSync(join(publicDir, 'bundles', 'shop', 'css', 'site.css'), 'utf8'), 'body{}');
    assert.equal(assetsInstalled(bundles, publicDir), true);
  });
});
