import { Bundle } from '../kernel/bundle.ts';
import type { Kernel } from '../kernel/kernel.ts';
import { triggerDeprecation } from '../error-handler/trigger-deprecation.ts';
import { registerServerRunCommand } from './server-run-command.ts';

/**
 * The legacy development server bundle (`server:run`). Still works in 4.4; booting it
 * reports its deprecation, which therefore opens every request's log in dev.
 *
 * @deprecated since Sluice 4.4, use the `serve` command of the framework instead.
 */
export class WebServerBundle extends Bundle {
  override build(kernel: Kernel): void {
    if (!kernel.commands.includes(registerServerRunCommand)) kernel.commands.push(registerServerRunCommand);
  }

  override boot(_kernel: Kernel): void {
    triggerDeprecation('sluice/web-server-bundle', '4.4', 'Using the WebserverBundle is deprecated since Sluice 4.4. The new Sluice local server has more features, you can use it instead.');
  }
}
