import { Logger } from '../../log/logger.ts';
import { TestHandler } from '../../log/test-handler.ts';
import { Request } from '../../http/request.ts';
import { PasswordHasher } from '../password/password-hasher.ts';
import { InMemoryUserProvider } from '../user/in-memory-user-provider.ts';
import { CredentialsChecker } from '../authentication/credentials-checker.ts';
import { MemorySession } from './memory-session.ts';

/** A cheap hasher: the cost changes the time taken, not the behaviour under test. */
export const testHasher = new PasswordHasher({ cost: 4 });

/** Users `ada` (ROLE_ADMIN, password "ada-pass") and `bob` (ROLE_USER, password "bob-pass"), and what checks them. */
export async function securityFixture(): Promise<{ provider: InMemoryUserProvider; checker: CredentialsChecker; logs: TestHandler; logger: Logger }> {
  const provider = new InMemoryUserProvider({
    ada: { password: await testHasher.hash('ada-pass'), roles: ['ROLE_ADMIN'] },
    bob: { password: await testHasher.hash('bob-pass'), roles: ['ROLE_USER'] },
  });
  const logs = new TestHandler();
  const logger = new Logger('security', [logs]);
  return { provider, checker: new CredentialsChecker(provider, testHasher, logger), logs, logger };
}

export function requestWithSession(path: string, method = 'GET', session = new MemorySession(), headers: Record<string, string> = {}): Request {
  const request = Request.create(`http://localhost${path}`, method, { headers });
  request.session = session;
  return request;
}

export function basic(username: string, password: string): Record<string, string> {
  return { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` };
}
