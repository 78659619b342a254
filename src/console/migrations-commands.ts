import type { Command } from 'commander';
import type { Kernel } from '../kernel/kernel.ts';
import type { Migrator } from '../persistence/migrator.ts';
import { processIO, type CommandIO } from './command-io.ts';
import { renderTable } from './table.ts';

/**
 * `migrations:status` and `migrations:migrate`, as Doctrine Migrations names them, for
 * the migrator an application gives (its connection and its migrations). `after` runs
 * once the schema is current (an application seeds its first rows there).
 */
export function migrationCommands(migratorOf: (kernel: Kernel) => Migrator, io: CommandIO = processIO): (program: Command, kernel: Kernel) => void {
  return (program, kernel) => {
    program
      .command('migrations:status')
      .description('Lists the migrations, with when each was executed')
      .option('--env <env>', 'the environment')
      .action(async () => {
        const states = await migratorOf(kernel).status();
        const rows = states.map((state) => [state.version, state.known ? state.description : '(not in this code)', state.executedAt?.toISOString() ?? 'not executed']);
        io.write(renderTable(['Version', 'Description', 'Executed at'], rows));
        const pending = states.filter((state) => state.executedAt === undefined).length;
        const unknown = states.filter((state) => !state.known).length;
        io.write(` [${pending === 0 ? 'OK' : 'NOTE'}] ${states.length - pending - unknown} executed, ${pending} pending${unknown > 0 ? `, ${unknown} executed but not in this code` : ''}.\n`);
      });
    program
      .command('migrations:migrate')
      .description('Executes the migrations not executed yet (safe when several instances run it together)')
      .option('--env <env>', 'the environment')
      .action(async () => {
        const migrator = migratorOf(kernel);
        const executed = await migrator.migrate();
        const descriptions = new Map((await migrator.status()).map((state) => [state.version, state.description]));
        for (const version of executed) io.write(`  ++ migrated ${version} (${descriptions.get(version)})\n`);
        io.write(executed.length === 0 ? ' [OK] Already at the latest version; nothing to execute.\n' : ` [OK] ${executed.length} migration${executed.length === 1 ? '' : 's'} executed.\n`);
      });
  };
}
