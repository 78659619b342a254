import { statSync } from 'node:fs';
import type { Command } from 'commander';
import type { Kernel } from '../kernel/kernel.ts';
import { processIO, type CommandIO } from './command-io.ts';
import { installAssets } from './install-assets.ts';
import { SluiceError } from '../exception/sluice-error.ts';

/** `assets:install [target] [--symlink]`: copies (or links) each bundle's public assets into `public/bundles/<name>/`. */
export function registerAssetsInstallCommand(program: Command, kernelFor: (env: string | undefined) => Kernel, io: CommandIO = processIO): void {
  program
    .command('assets:install')
    .description("Installs the bundles' public assets under public/bundles/")
    .argument('[target]', 'the public directory (default: the project\'s public/)')
    .option('--symlink', 'link to the bundle directories instead of copying', false)
    .option('--env <env>', 'the environment')
    .action((target: string | undefined, options: { symlink: boolean; env?: string }) => {
      const kernel = kernelFor(options.env);
      kernel.boot();
      // As the reference: a target that does not exist is a typo, not a directory to create.
      if (target !== undefined && !statSync(target, { throwIfNoEntry: false })?.isDirectory()) {
        throw new SluiceError('SLUICE_ASSETS_TARGET_MISSING', { target });
      }
      const results = installAssets(kernel.bundles, target ?? kernel.publicDir, options.symlink, (done, total) => {
        if (process.stdout.isTTY && total > 50) process.stdout.write(`\r  ${done}/${total} files`);
      });
      if (process.stdout.isTTY) process.stdout.write('\r');
      for (const result of results) io.write(`  ${result.method === 'symlink' ? 'linked' : 'copied'}  ${result.bundle} -> ${result.target} (${result.files} files)\n`);
      io.write(results.length === 0 ? ' [OK] No assets were provided by any bundle.\n' : ` [OK] All assets were successfully installed.\n`);
    });
}
