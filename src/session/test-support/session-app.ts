// Started by redis-session-sharing.test.ts as a child process: a small application with the
// Redis session store, on a port of its own. Reports `{"listening": port}` on stdout and
// stops gracefully on SIGTERM.
import { Response } from '../../http/response.ts';
import type { Request } from '../../http/request.ts';
import { TestKernel } from '../../kernel/test-support/test-kernel.ts';
import { serveKernel } from '../../server/serve-kernel.ts';
import type { Session } from '../session.ts';
import { Args } from '../../decorators/args.ts';

class NoteController {
  @Args({ session: Object, request: Object })
  async writeAction(session: Session, request: Request): Promise<Response> {
    await session.set('note', request.query.get('note'));
    return new Response(`written by ${process.pid}`);
  }

  @Args({ session: Object })
  async readAction(session: Session): Promise<Response> {
    return new Response(String(await session.get('note', 'nothing')));
  }
}

const kernel = new TestKernel({
  debug: false,
  routes: [
    { name: 'write', path: '/write', controller: 'NoteController::writeAction' },
    { name: 'read', path: '/read', controller: 'NoteController::readAction' },
  ],
  controllers: { NoteController: new NoteController() },
  config: { session: { store: 'redis', redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', redisPrefix: process.env.SESSION_PREFIX ?? 'sluice-test:' } },
});
const running = await serveKernel(kernel, { port: 0, installAssets: false });
process.stdout.write(`${JSON.stringify({ listening: running.address.port })}\n`);
process.once('SIGTERM', () => void running.stop(1_000).then(() => process.exit(0)));
