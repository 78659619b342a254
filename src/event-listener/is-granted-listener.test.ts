import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { IsGrantedListener } from './is-granted-listener.ts';
import { ControllerArgumentsEvent } from '../event/controller-arguments-event.ts';
import { RequestType } from '../kernel/request-type.ts';
import { Request } from '../http/request.ts';
import { Response } from '../http/response.ts';
import type { Controller } from '../controller/controller.ts';
import { Security } from '../security/security.ts';
import { Token } from '../security/authentication/token.ts';
import { TokenStorage } from '../security/authentication/token-storage.ts';
import { AccessDecisionManager } from '../security/authorization/access-decision-manager.ts';
import { RoleVoter } from '../security/authorization/voter/role-voter.ts';
import { Voter } from '../security/authorization/voter/voter.ts';
import { InMemoryUser } from '../security/user/in-memory-user.ts';
import { PendingUser } from '../security/argument/pending-user.ts';
import { AccessDeniedException } from '../security/exception/access-denied-exception.ts';
import { Args } from '../decorators/args.ts';

class Post {
  constructor(readonly author: string) {}
}

class PostVoter extends Voter {
  protected supports(attribute: string, subject: unknown): boolean {
    return attribute === 'EDIT' && subject instanceof Post;
  }

  protected voteOnAttribute(_attribute: string, post: Post, token: Token): boolean {
    return post.author === token.user?.identifier;
  }
}

class PostController {
  @Args({ post: Post, request: Request })
  editAction(post: Post, request: Request): Response {
    return new Response(`${post.author} ${request.method}`);
  }
}

/** Security where `x-user: ada` is a logged-in ROLE_ADMIN and anyone else is anonymous; the entry point answers 302. */
const security = new Security({
  tokens: new TokenStorage(),
  authenticators: [{ authenticate: async (r) => (r.headers.get('x-user') === 'ada' ? Token.authenticated(new InMemoryUser('ada', undefined, ['ROLE_ADMIN']), 'test') : undefined) }],
  decisionManager: new AccessDecisionManager([new RoleVoter(), new PostVoter()]),
  entryPoint: { start: () => new Response('', 302, { Location: '/login' }) },
});

function event(isGranted: unknown, options: { user?: string; args?: unknown[]; attributes?: Record<string, unknown>; controller?: Controller } = {}): ControllerArgumentsEvent {
  const request = Request.create('/', 'GET', { headers: options.user === undefined ? {} : { 'x-user': options.user } });
  if (isGranted !== undefined) request.attributes.set('_is_granted', isGranted);
  for (const [key, value] of Object.entries(options.attributes ?? {})) request.attributes.set(key, value);
  const controller = options.controller ?? [new PostController(), 'editAction'];
  return new ControllerArgumentsEvent({} as never, controller, options.args ?? [new Post('ada'), request], request, RequestType.MAIN);
}

const listener = new IsGrantedListener(security);

describe('IsGrantedListener', () => {
  it('stays synchronous and leaves the controller alone when nothing is declared', () => {
    const e = event(undefined);
    const before = e.controller;
    assert.equal(listener.onKernelControllerArguments(e), undefined);
    assert.equal(e.controller, before);
  });

  it('lets a granted client through', async () => {
    const e = event([{ attributes: 'ROLE_ADMIN' }], { user: 'ada' });
    const before = e.controller;
    await listener.onKernelControllerArguments(e);
    assert.equal(e.controller, before);
  });

  it('refuses a client lacking the role with an AccessDeniedException naming the declaration, for kernel.exception to answer', async () => {
    await assert.rejects(async () => listener.onKernelControllerArguments(event([{ attributes: 'ROLE_SUPER_ADMIN' }], { user: 'ada' })), (error: unknown) => {
      assert.ok(error instanceof AccessDeniedException);
      assert.equal(error.message, 'Access Denied by controller annotation @IsGranted("ROLE_SUPER_ADMIN")');
      assert.deepEqual(error.attributes, ['ROLE_SUPER_ADMIN']);
      return true;
    });
  });

  it('lists several attributes in the message', async () => {
    await assert.rejects(async () => listener.onKernelControllerArguments(event([{ attributes: ['ROLE_A', 'ROLE_B'] }], { user: 'ada' })), {
      message: 'Access Denied by controller annotation @IsGranted(["ROLE_A", "ROLE_B"])',
    });
  });

  it('uses the declared message', async () => {
    await assert.rejects(async () => listener.onKernelControllerArguments(event([{ attributes: 'ROLE_X', message: 'Admins only.' }], { user: 'ada' })), { message: 'Admins only.' });
  });

  it('refuses an anonymous client the same way, leaving the entry point to the security exception listener', async () => {
    await assert.rejects(async () => listener.onKernelControllerArguments(event([{ attributes: 'ROLE_ADMIN' }])), AccessDeniedException);
  });

  it('throws the declared status code instead, even for an anonymous client', async () => {
    await assert.rejects(async () => listener.onKernelControllerArguments(event([{ attributes: 'ROLE_ADMIN', statusCode: 404, message: 'No such page.' }])), {
      name: 'HttpException',
      statusCode: 404,
      message: 'No such page.',
    });
  });

  it('checks every declaration, in order', async () => {
    await assert.rejects(async () => listener.onKernelControllerArguments(event([{ attributes: 'ROLE_ADMIN' }, { attributes: 'ROLE_ROOT' }], { user: 'ada' })), /@IsGranted\("ROLE_ROOT"\)/);
  });

  describe('subject', () => {
    it('is taken from the controller argument of that name', async () => {
      await listener.onKernelControllerArguments(event([{ attributes: 'EDIT', subject: 'post' }], { user: 'ada' }));
      await assert.rejects(async () => listener.onKernelControllerArguments(event([{ attributes: 'EDIT', subject: 'post' }], { user: 'ada', args: [new Post('bob'), undefined] })), {
        message: 'Access Denied by controller annotation @IsGranted("EDIT", post)',
      });
    });

    it('is taken from a request attribute when no argument has the name', async () => {
      const e = event([{ attributes: 'EDIT', subject: 'draft' }], { user: 'ada', attributes: { draft: new Post('ada') } });
      await listener.onKernelControllerArguments(e);
      assert.equal(e.arguments.length, 2);
    });

    it('prefers the controller argument over a request attribute of the same name', async () => {
      const e = event([{ attributes: 'EDIT', subject: 'post' }], { user: 'ada', attributes: { post: 'post-slug' } });
      await assert.doesNotReject(async () => listener.onKernelControllerArguments(e));
    });

    it('says how to fix a subject that cannot be found', async () => {
      await assert.rejects(async () => listener.onKernelControllerArguments(event([{ attributes: 'EDIT', subject: 'event' }], { user: 'ada' })), {
        message: 'Could not find the subject "event" for the @IsGranted annotation. Try adding a "event" argument to your controller method.',
      });
    });
  });

  it('says what to install when there is no security', async () => {
    await assert.rejects(async () => new IsGrantedListener(() => undefined).onKernelControllerArguments(event([{ attributes: 'ROLE_ADMIN' }])), {
      name: 'LogicException',
      message: 'To use the @IsGranted tag, you need to install the security bundle and configure your security system.',
    });
  });

  it('refuses a declaration without attributes', async () => {
    await assert.rejects(async () => listener.onKernelControllerArguments(event([{ subject: 'post' }])), /needs "attributes"/);
  });

  describe('user argument', () => {
    const userController: Controller = [{ show: (user: unknown) => user }, 'show'];

    it('receives the current user', async () => {
      const e = event(undefined, { user: 'ada', controller: userController, args: [new PendingUser('user', false)] });
      await listener.onKernelControllerArguments(e);
      assert.equal((e.arguments[0] as InMemoryUser).identifier, 'ada');
    });

    it('receives null for an anonymous client when optional', async () => {
      const e = event(undefined, { controller: userController, args: [new PendingUser('user', true)] });
      await listener.onKernelControllerArguments(e);
      assert.deepEqual(e.arguments, [null]);
    });

    it('refuses an anonymous client when required, naming the argument', async () => {
      const e = event(undefined, { controller: userController, args: [new PendingUser('user', false)] });
      await assert.rejects(async () => listener.onKernelControllerArguments(e), {
        name: 'AccessDeniedException',
        message: 'The controller argument "user" needs an authenticated user.',
      });
    });
  });
});
