import { relative } from 'node:path';
import { Command, CommanderError } from 'commander';
import { newApp } from './new-app.ts';
import { ScaffoldError } from './scaffold-error.ts';
import { sluiceDependency, sluicePackage } from './sluice-dependency.ts';

export interface CliOutput {
  write(text: string): void;
}

/**
 * The `sluice` command: `sluice new <dir> [--sluice=<spec>]`. Returns the exit code; bad
 * input is one line on `stderr` and a non-zero code, with nothing written.
 */
export async function runSluiceCli(argv: readonly string[], stdout: CliOutput = process.stdout, stderr: CliOutput = process.stderr, cwd = process.cwd()): Promise<number> {
  const pkg = sluicePackage();
  const program = new Command('sluice')
    .description(`Sluice ${pkg.version}: create an application`)
    .version(pkg.version)
    .exitOverride()
    .configureOutput({ writeOut: (text) => stdout.write(text), writeErr: (text) => stderr.write(text) });
  program
    .command('new')
    .description('write a new application into <dir>, which must not exist')
    .argument('<dir>', 'its directory; its name is the package name (lowercase, digits, dashes)')
    .option('--sluice <spec>', 'the sluice dependency of its package.json (a version range or a tarball path); by default the Sluice running this command')
    .action((dir: string, options: { sluice?: string }) => {
      const files = newApp(dir, {
        sluice: sluiceDependency(pkg, options.sluice, cwd),
        typescript: pkg.devDependencies.typescript ?? 'latest',
        nodeTypes: pkg.devDependencies['@types/node'] ?? 'latest',
      }, cwd);
      const shown = relative(cwd, dir.startsWith('/') ? dir : `${cwd}/${dir}`) || dir;
      stdout.write(` [OK] Wrote ${files.length} files into ${shown}/. Next:\n\n  cd ${shown}\n  npm install && npm start\n  npm test\n`);
    });
  try {
    await program.parseAsync(argv, { from: 'user' });
    if (argv.length === 0) {
      stderr.write('error: a command is required: sluice new <dir> (add --help for usage)\n');
      return 1;
    }
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    if (error instanceof ScaffoldError) {
      stderr.write(`error: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}
