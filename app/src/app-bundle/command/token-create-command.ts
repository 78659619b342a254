import type { Command } from 'commander';
import type { Kernel } from 'sluice';
import type { StoredAccessTokens } from 'sluice/security';

/**
 * `app:token:create <user>`: issues an access token for the API (`Authorization: Bearer
 * <token>`). The token is printed once, on the last line, so scripts can take it with
 * `tail -n 1`; only its hash is stored.
 */
export function registerTokenCreateCommand(tokens: StoredAccessTokens): (program: Command, kernel: Kernel) => void {
  return (program, kernel) => {
    program
      .command('app:token:create')
      .description('Creates an API access token for a user and prints it on the last line')
      .argument('<user>', 'the identifier of the user the token acts for')
      .option('--env <env>', 'the environment')
      .action(async (identifier: string) => {
        const user = await kernel.container.get('security.user_provider').loadUserByIdentifier(identifier);
        if (user === undefined) {
          process.stderr.write(`Unknown user "${identifier}": the token would open nothing.\n`);
          process.exitCode = 1;
          return;
        }
        const token = await tokens.create(user.identifier);
        process.stdout.write(` [OK] A token was created for "${user.identifier}"; it is shown once, only its hash is kept.\n${token}\n`);
      });
  };
}
