import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FrameworkExtraBundle } from './framework-extra-bundle.ts';
import { SecurityBundle } from '../security-bundle/security-bundle.ts';
import { TestKernel, get } from '../kernel/test-support/test-kernel.ts';
import { basic } from '../security/test-support/fixture.ts';
import { PasswordHasher } from '../security/password/password-hasher.ts';
import { Response } from '../http/response.ts';
import { Route } from '../decorators/route.ts';
import { IsGranted } from '../decorators/is-granted.ts';

@Route('/admin')
@IsGranted('ROLE_USER')
class AdminController {
  @Route('/stats', { name: 'admin_stats' })
  @IsGranted('ROLE_ADMIN', { statusCode: 404, message: 'No such page.' })
  statsAction() {
    return new Response('stats');
  }
}

const hasher = new PasswordHasher({ cost: 4 });
const users = {
  ada: { password: await hasher.hash('ada-pass'), roles: ['ROLE_ADMIN', 'ROLE_USER'] },
  bob: { password: await hasher.hash('bob-pass'), roles: ['ROLE_USER'] },
};

/** `@IsGranted` declarations reach IsGrantedListener through ControllerListener's `_is_granted`. */
describe('@IsGranted on decorated controllers, with the SecurityBundle', () => {
  const kernel = new TestKernel({
    bundles: [new FrameworkExtraBundle({ controllers: [AdminController] }), new SecurityBundle({ users, passwordHasher: { cost: 4 }, httpBasic: true })],
  });

  it('checks the class declaration first: an anonymous client is asked to log in', async () => {
    assert.equal((await kernel.request(get('/admin/stats'))).statusCode, 401);
  });

  it('then the method declaration, with its status code and message', async () => {
    const response = await kernel.request(get('/admin/stats', basic('bob', 'bob-pass')));
    assert.equal(response.statusCode, 404);
    assert.ok(kernel.lines().some((line) => line.includes('Uncaught Exception HttpException: "No such page."')));
  });

  it('runs the controller when every declaration grants access', async () => {
    const response = await kernel.request(get('/admin/stats', basic('ada', 'ada-pass')));
    assert.deepEqual([response.statusCode, response.content], [200, 'stats']);
  });
});
