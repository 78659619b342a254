import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { transform } from 'esbuild';
import { Bundle } from '../kernel/bundle.ts';
import type { BundleConfiguration, ControllerClass } from '../kernel/bundle-configuration.ts';
import { TestKernel, get } from '../kernel/test-support/test-kernel.ts';

const src = (path: string): string => new URL(`../${path}`, import.meta.url).href;
const dir = mkdtempSync(join(tmpdir(), 'sluice-minified-'));

/** The controller module's TypeScript, with or without its @Args declaration. */
function controllerSource(declared: boolean): string {
  return `
    import { Route, Args } from '${src('decorators/index.ts')}';
    import { Request } from '${src('http/request.ts')}';
    import { Response } from '${src('http/response.ts')}';

    export class ShowEventController {
      @Route('/events/{eventId}', { name: 'event_show' })
      ${declared ? "@Args({ request: Request, eventId: String, page: { type: Number, optional: true } })" : ''}
      showAction(request: Request, eventId: string, page = 1): Response {
        return new Response(request.method + ' event ' + eventId + ' page ' + page);
      }
    }
  `;
}

/** The module minified by esbuild (identifiers renamed, as a production bundle has them), then imported. */
async function minified(declared: boolean): Promise<ControllerClass> {
  const { code } = await transform(controllerSource(declared), { loader: 'ts', format: 'esm', target: 'es2022', minify: true });
  const file = join(dir, `controller-${declared}.mjs`);
  writeFileSync(file, code);
  const module = (await import(pathToFileURL(file).href)) as Record<string, ControllerClass>;
  return Object.values(module)[0]!;
}

function kernelWith(controller: ControllerClass): TestKernel {
  const bundle = new (class MinifiedBundle extends Bundle {
    override configure(): BundleConfiguration {
      return { controllers: [controller] };
    }
  })();
  return new TestKernel({ debug: false, bundles: [bundle] });
}

describe('A minified controller', () => {
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('gets its arguments from its @Args declaration, its parameter names being gone', async () => {
    const controller = await minified(true);
    assert.ok(!Function.prototype.toString.call((controller.prototype as Record<string, Function>).showAction).includes('eventId'), 'the parameters were renamed');
    const response = await kernelWith(controller).request(get('/events/42'));
    assert.deepEqual([response.statusCode, response.content], [200, 'GET event 42 page 1']);
  });

  it('without a declaration, answers a 500 whose error names the controller, the parameters and the fix', async () => {
    const controller = await minified(false);
    const kernel = kernelWith(controller);
    const response = await kernel.request(get('/events/42'));
    assert.equal(response.statusCode, 500);
    const error = kernel.lines().find((line) => line.startsWith('request.CRITICAL: Uncaught'));
    assert.match(error ?? '', new RegExp(`UndeclaredArgumentsError: "Controller "${controller.name}::showAction" takes 2 parameters but declares none: list them in order with their classes, e\\.g\\. @Args\\(\\{ request: Request, id: String \\}\\) on the method`));
  });
});
