import type { Command } from 'commander';
import type { Kernel } from 'sluice';
import { setUpSchema } from '../entity/event-schema.ts';

/**
 * `app:setup`: executes the migrations (`migrations:migrate`), then adds the first events
 * when the table is empty. SQLite databases are set up by the bundle's boot already;
 * this is the step for PostgreSQL (`DATABASE_URL=postgresql://... app/bin/console
 * app:setup`), whose calls are asynchronous. Running it again changes nothing.
 */
export function registerSetupCommand(program: Command, kernel: Kernel): void {
  program
    .command('app:setup')
    .description('Executes the migrations, then adds the first events when the table is empty')
    .option('--env <env>', 'the environment')
    .action(async () => {
      const added = await setUpSchema(kernel.container.get('entity_manager'));
      process.stdout.write(added === 0
        ? ' [OK] The events table exists and already holds events; nothing was added.\n'
        : ` [OK] The events table is ready; ${added} events were added.\n`);
    });
}
