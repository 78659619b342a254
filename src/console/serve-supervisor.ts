import { spawn, type ChildProcess } from 'node:child_process';
import { watch, type FSWatcher } from 'node:fs';
import { relative, sep } from 'node:path';

export interface ServeSupervisorOptions {
  /** The command that runs the server child: executable and arguments (the port is appended). */
  readonly command: readonly string[];
  readonly port: number;
  /** Directories whose changes restart the server, recursively. */
  readonly watch: readonly string[];
  readonly out?: NodeJS.WritableStream;
  /** Changes closer together than this make one restart. 150 ms by default. */
  readonly debounceMs?: number;
}

/** Directories and files whose changes never restart the server: output, dependencies, editor droppings. */
const ignoredSegments = new Set(['var', 'node_modules', '.git', 'public']);

export function isIgnoredChange(file: string): boolean {
  const parts = file.split(/[\\/]/);
  const name = parts[parts.length - 1] ?? '';
  return parts.some((part) => ignoredSegments.has(part)) || name.startsWith('.') || name.endsWith('~') || name.endsWith('.swp');
}

/**
 * The `serve` command's parent process: runs the server in a child, restarts it when a
 * source file changes (so new code is loaded: ES modules cannot be reloaded in place),
 * keeps the port the first child found, and stops it cleanly on Ctrl-C.
 */
export class ServeSupervisor {
  readonly #options: ServeSupervisorOptions;
  readonly #out: NodeJS.WritableStream;
  readonly #watchers: FSWatcher[] = [];
  #child: ChildProcess | undefined;
  #port: number;
  #restarting = false;
  #stopping = false;
  #timer: NodeJS.Timeout | undefined;
  #done: (() => void) | undefined;

  constructor(options: ServeSupervisorOptions) {
    this.#options = options;
    this.#out = options.out ?? process.stdout;
    this.#port = options.port;
  }

  /** Resolves once stopped (SIGINT, SIGTERM or `stop()`). */
  run(): Promise<void> {
    const finished = new Promise<void>((resolve) => {
      this.#done = resolve;
    });
    for (const dir of this.#options.watch) {
      const watcher = watch(dir, { recursive: true }, (_event, file) => {
        if (file !== null && !isIgnoredChange(String(file))) this.#changed(`${relative(process.cwd(), dir) || '.'}${sep}${String(file)}`);
      });
      watcher.on('error', () => {});
      this.#watchers.push(watcher);
    }
    if (this.#options.watch.length > 0) this.#out.write(` Watching ${this.#options.watch.map((dir) => relative(process.cwd(), dir) || '.').join(', ')} for changes.\n`);
    process.on('SIGINT', this.stop);
    process.on('SIGTERM', this.stop);
    this.#spawn();
    return finished;
  }

  /** Stops the child (gracefully) and the watchers. */
  readonly stop = (): void => {
    if (this.#stopping) return;
    this.#stopping = true;
    process.off('SIGINT', this.stop);
    process.off('SIGTERM', this.stop);
    clearTimeout(this.#timer);
    for (const watcher of this.#watchers) watcher.close();
    const child = this.#child;
    if (child === undefined || child.exitCode !== null || child.signalCode !== null) this.#done?.();
    else child.kill('SIGTERM');
  };

  #changed(file: string): void {
    if (this.#stopping) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#restart(file), this.#options.debounceMs ?? 150);
  }

  #restart(file: string): void {
    this.#out.write(` Change detected in ${file}: restarting the server...\n`);
    const child = this.#child;
    if (child === undefined || child.exitCode !== null || child.signalCode !== null) {
      this.#spawn();
      return;
    }
    this.#restarting = true;
    child.kill('SIGTERM');
  }

  #spawn(): void {
    const [executable, ...args] = this.#options.command;
    const child = spawn(executable!, [...args, `--port=${this.#port}`], { stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
    this.#child = child;
    child.on('message', (message: { type?: string; port?: number }) => {
      if (message.type === 'listening' && typeof message.port === 'number') this.#port = message.port;
    });
    child.once('exit', (code, signal) => {
      if (this.#stopping) {
        this.#done?.();
      } else if (this.#restarting) {
        this.#restarting = false;
        this.#spawn();
      } else {
        this.#out.write(` [ERROR] The server stopped (${signal ?? `exit code ${code}`}); it restarts on the next change.\n`);
      }
    });
  }
}
