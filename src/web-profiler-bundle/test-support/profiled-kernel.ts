import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TestKernel, get, type TestKernelOptions } from '../../kernel/test-support/test-kernel.ts';
import type { Request } from '../../http/request.ts';
import { Response } from '../../http/response.ts';
import { RedirectResponse } from '../../http/redirect-response.ts';
import { FileProfilerStorage } from '../../profiler/file-profiler-storage.ts';
import type { Profile } from '../../profiler/profile.ts';
import { WebProfilerBundle, type WebProfilerBundleOptions } from '../web-profiler-bundle.ts';
import { Args } from '../../decorators/args.ts';

export { get };

/** The controllers of the profiled test application. */
export class PagesController {
  homeAction(): Response {
    return new Response('<!DOCTYPE html>\n<html><head><title>Home</title></head><body><h1>Upcoming events</h1></body></html>\n');
  }

  @Args({ id: String })
  showAction(id: string): Response {
    return new Response(`<html><body>Event ${id}</body></html>`);
  }

  apiAction(): Response {
    return new Response('{"events":[]}', 200, { 'Content-Type': 'application/json' });
  }

  leaveAction(): Response {
    return new RedirectResponse('/');
  }

  downloadAction(): Response {
    return new Response('<html><body>a file</body></html>', 200, { 'Content-Type': 'text/html', 'Content-Disposition': 'attachment; filename="page.html"' });
  }

  /** Uses the session the SessionListener installed, as a controller does. */
  @Args({ request: Object })
  async basketAction(request: Request): Promise<Response> {
    await (request.session as { set(name: string, value: unknown): Promise<void> }).set('basket', [1, 2]);
    return new Response('<html><body>added</body></html>');
  }

  boomAction(): Response {
    throw new Error('boom', { cause: new RangeError('the cause') });
  }
}

export const pageRoutes = [
  { name: 'home', path: '/', controller: 'PagesController::homeAction' },
  { name: 'event_show', path: '/{_locale}/events/{id}', controller: 'PagesController::showAction', requirements: { _locale: 'en|fr', id: '\\d+' } },
  { name: 'event_create', path: '/events/new', controller: 'PagesController::homeAction', methods: ['POST'] },
  { name: 'api_events', path: '/api/events', controller: 'PagesController::apiAction' },
  { name: 'leave', path: '/leave', controller: 'PagesController::leaveAction' },
  { name: 'download', path: '/download', controller: 'PagesController::downloadAction' },
  { name: 'boom', path: '/boom', controller: 'PagesController::boomAction' },
  { name: 'basket', path: '/basket', controller: 'PagesController::basketAction' },
];

export interface ProfiledKernel {
  readonly kernel: TestKernel;
  readonly storage: FileProfilerStorage;
  /** Handles, sends (in memory) and terminates a request, as the server does. */
  request(request: Request): Promise<Response>;
  /** The stored profile named by a response's X-Debug-Token. */
  profileOf(response: Response): Promise<Profile>;
  load(token: string): Promise<Profile | undefined>;
}

/** A debug kernel with the WebProfilerBundle, file storage in a temporary directory, and the pages above. */
export function profiledKernel(options: WebProfilerBundleOptions & Pick<TestKernelOptions, 'debug' | 'routes' | 'controllers'> = {}): ProfiledKernel {
  const storage = new FileProfilerStorage(mkdtempSync(join(tmpdir(), 'sluice-profiles-')));
  const { debug, routes, controllers, ...bundleOptions } = options;
  const kernel = new TestKernel({
    debug: debug ?? true,
    bundles: [new WebProfilerBundle({ storage, ...bundleOptions })],
    routes: routes ?? pageRoutes,
    controllers: controllers ?? { PagesController: new PagesController() },
  });
  const load = async (token: string): Promise<Profile | undefined> => kernel.container.get('profiler').loadProfile(token);
  return {
    kernel,
    storage,
    request: (request) => kernel.request(request),
    load,
    async profileOf(response) {
      const token = response.headers.get('X-Debug-Token');
      if (token === undefined) throw new Error('The response has no X-Debug-Token.');
      const profile = await load(token);
      if (profile === undefined) throw new Error(`No stored profile ${token}.`);
      return profile;
    },
  };
}
