// The three bundles together, as an application uses them: `@Route`, `@IsGranted` and
// `@Template` on a controller, read by the FrameworkExtraBundle's ControllerListener.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { TestKernel } from '../kernel/test-support/test-kernel.ts';
import { FrameworkExtraBundle } from '../framework-extra-bundle/framework-extra-bundle.ts';
import { TemplatingBundle } from '../templating-bundle/templating-bundle.ts';
import { SecurityBundle } from './security-bundle.ts';
import { Route } from '../decorators/route.ts';
import { IsGranted } from '../decorators/is-granted.ts';
import { Template } from '../decorators/template.ts';
import type { SecurityUser } from '../security/user/security-user.ts';
import { testHasher, basic } from '../security/test-support/fixture.ts';
import { fixtureViews } from '../templating/test-support/fixture-loader.ts';
import { browse } from './test-support/secured-kernel.ts';
import { Args } from '../decorators/args.ts';

@Route('/admin')
class AdminController {
  @Route('/dashboard', { name: 'admin_dashboard' })
  @IsGranted('ROLE_ADMIN')
  @Template()
  @Args({ user: Object })
  dashboardAction(user: SecurityUser) {
    return { user };
  }
}

const kernel = new TestKernel({
  bundles: [
    new FrameworkExtraBundle({ controllers: [AdminController] }),
    new SecurityBundle({
      httpBasic: true,
      passwordHasher: { cost: 4 },
      users: { ada: { password: await testHasher.hash('ada-pass'), roles: ['ROLE_ADMIN'] }, bob: { password: await testHasher.hash('bob-pass'), roles: ['ROLE_USER'] } },
    }),
    new TemplatingBundle({ paths: [join(fixtureViews, 'templates')] }),
  ],
});
after(() => kernel.shutdown());

describe('A decorated controller behind @IsGranted, rendered with @Template', () => {
  it('renders the guessed template for a user with the role', async () => {
    const response = await kernel.request(browse('/admin/dashboard', undefined, 'GET', basic('ada', 'ada-pass')));
    assert.deepEqual([response.statusCode, response.content], [200, 'Welcome ada, you are ROLE_ADMIN.\n']);
  });

  it('challenges an anonymous client', async () => {
    assert.equal((await kernel.request(browse('/admin/dashboard'))).statusCode, 401);
  });

  it('refuses a user without the role', async () => {
    assert.equal((await kernel.request(browse('/admin/dashboard', undefined, 'GET', basic('bob', 'bob-pass')))).statusCode, 403);
  });

  it('logs the listeners of the reference on kernel.controller_arguments and TemplateListener last on kernel.controller', async () => {
    kernel.logs.clear();
    await kernel.request(browse('/admin/dashboard', undefined, 'GET', basic('ada', 'ada-pass')));
    const notified = (event: string) => kernel.lines().filter((line) => line.includes(`"${event}"`)).map((line) => /listener "(.+)"/.exec(line)![1]);
    assert.deepEqual(notified('kernel.controller_arguments'), ['ErrorListener::onControllerArguments', 'IsGrantedListener::onKernelControllerArguments']);
    assert.equal(notified('kernel.controller').at(-1), 'TemplateListener::onKernelController');
  });

  it('sends an anonymous client to the entry point through kernel.exception, as the reference\'s firewall exception listener', async () => {
    kernel.logs.clear();
    await kernel.request(browse('/admin/dashboard'));
    const lines = kernel.lines();
    const from = lines.findIndex((line) => line.includes('"kernel.controller_arguments"'));
    assert.deepEqual(lines.slice(from), [
      'event.DEBUG: Notified event "kernel.controller_arguments" to listener "ErrorListener::onControllerArguments".',
      'event.DEBUG: Notified event "kernel.controller_arguments" to listener "IsGrantedListener::onKernelControllerArguments".',
      'security.DEBUG: Access denied, the user is not fully authenticated; redirecting to authentication entry point.',
      'security.DEBUG: Calling Authentication entry point.',
      'event.DEBUG: Notified event "kernel.exception" to listener "ExceptionListener::onKernelException".',
      'event.DEBUG: Listener "ExceptionListener::onKernelException" stopped propagation of the event "kernel.exception".',
      'event.DEBUG: Listener "ErrorListener::logKernelException" was not called for event "kernel.exception".',
      'event.DEBUG: Listener "RouterListener::onKernelException" was not called for event "kernel.exception".',
      'event.DEBUG: Listener "ErrorListener::onKernelException" was not called for event "kernel.exception".',
      ...lines.slice(from + 9).filter((line) => line.includes('"kernel.response"') || line.includes('"kernel.finish_request"')),
    ]);
  });

  it('lets a logged-in user\'s refusal reach the 403 error page, logged as an uncaught access-denied error', async () => {
    kernel.logs.clear();
    await kernel.request(browse('/admin/dashboard', undefined, 'GET', basic('bob', 'bob-pass')));
    const lines = kernel.lines();
    assert.ok(lines.includes('security.DEBUG: Access denied, the user is neither anonymous, nor remember-me.'));
    assert.ok(lines.some((line) => line.startsWith('request.ERROR: Uncaught Exception AccessDeniedHttpException: "Access Denied by controller annotation @IsGranted("ROLE_ADMIN")"')), lines.join('\n'));
  });
});
