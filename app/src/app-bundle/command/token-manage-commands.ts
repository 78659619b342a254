import type { Command } from 'commander';
import type { Kernel } from 'sluice';
import type { StoredAccessTokens } from 'sluice/security';

/**
 * `app:token:list <user>` shows a user's tokens (id, creation time, the start of the
 * stored hash: the token itself is never kept); `app:token:revoke <id>` deletes one, so
 * requests bearing it get a 401 from then on.
 */
export function registerTokenManageCommands(tokens: StoredAccessTokens): (program: Command, kernel: Kernel) => void {
  return (program) => {
    program
      .command('app:token:list')
      .description('Lists the API access tokens of a user')
      .argument('<user>', 'the identifier of the user')
      .option('--env <env>', 'the environment')
      .action(async (identifier: string) => {
        const records = await tokens.list(identifier);
        if (records.length === 0) {
          process.stdout.write(`No token for "${identifier}".\n`);
          return;
        }
        const rows = records.map((record) => [String(record.id), record.createdAt.toISOString(), `${record.tokenHash.slice(0, 12)}…`]);
        const widths = [2, 10].map((min, column) => Math.max(min, ...rows.map((row) => row[column]!.length)));
        const line = (cells: readonly string[]): string => `${cells[0]!.padEnd(widths[0]!)}  ${cells[1]!.padEnd(widths[1]!)}  ${cells[2]}\n`;
        process.stdout.write(line(['id', 'created', 'sha-256']) + rows.map(line).join(''));
      });
    program
      .command('app:token:revoke')
      .description('Revokes an API access token by its id (see app:token:list)')
      .argument('<id>', 'the token\'s id')
      .option('--env <env>', 'the environment')
      .action(async (given: string) => {
        const id = Number(given);
        if (!/^[1-9][0-9]*$/.test(given) || !Number.isSafeInteger(id)) {
          process.stderr.write(`"${given}" is not a token id: app:token:list <user> shows them.\n`);
          process.exitCode = 1;
          return;
        }
        if (!(await tokens.revoke(id))) {
          process.stderr.write(`No token has the id ${id}.\n`);
          process.exitCode = 1;
          return;
        }
        process.stdout.write(` [OK] Token ${id} was revoked.\n`);
      });
  };
}
