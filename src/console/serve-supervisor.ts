import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { relative } from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import { startupFailureLine } from './startup-failure.ts';
import { escapeHtml } from '../support/html-escape.ts';

export interface ServeSupervisorOptions {
  /** The command that runs the server child: executable and arguments (the port is appended). */
  readonly command: readonly string[];
  readonly port: number;
  /** Directories whose changes restart the server, recursively. */
  readonly watch: readonly string[];
  readonly out?: NodeJS.WritableStream;
  /** Where the child's own errors go once it listens (the terminal's stderr by default). */
  readonly err?: NodeJS.WritableStream;
  /** Changes closer together than this make one restart. 150 ms by default. */
  readonly debounceMs?: number;
  /** The address the error page listens on while the code does not start. */
  readonly host?: string;
  /** Told each time a child listens, with its port. */
  readonly onListening?: (port: number) => void;
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
 * keeps the port the first child found, and stops it cleanly on Ctrl-C. Files are watched
 * with chokidar, which sees a file an editor saves by writing a temporary file and
 * renaming it over the old one. A child that fails to start (a syntax error) is reported
 * in one line, and until the next change a 500 page on the port says the same to the
 * browser.
 */
export class ServeSupervisor {
  readonly #options: ServeSupervisorOptions;
  readonly #out: NodeJS.WritableStream;
  readonly #err: NodeJS.WritableStream;
  #watcher: FSWatcher | undefined;
  #child: ChildProcess | undefined;
  #errorPage: Server | undefined;
  #port: number;
  #restarting = false;
  #stopping = false;
  #timer: NodeJS.Timeout | undefined;
  #done: (() => void) | undefined;

  constructor(options: ServeSupervisorOptions) {
    this.#options = options;
    this.#out = options.out ?? process.stdout;
    this.#err = options.err ?? process.stderr;
    this.#port = options.port;
  }

  /** Resolves once stopped (SIGINT, SIGTERM or `stop()`). */
  run(): Promise<void> {
    const finished = new Promise<void>((resolve) => {
      this.#done = resolve;
    });
    if (this.#options.watch.length > 0) {
      const watcher = watch([...this.#options.watch], {
        ignoreInitial: true,
        ignored: (path) => {
          const dir = this.#options.watch.find((watched) => path.startsWith(`${watched}/`));
          return dir !== undefined && isIgnoredChange(relative(dir, path));
        },
      });
      watcher.on('all', (_event, path) => this.#changed(relative(process.cwd(), path) || '.'));
      watcher.on('error', () => {});
      this.#watcher = watcher;
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
    void this.#watcher?.close();
    this.#closeErrorPage();
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
      if (this.#errorPage !== undefined) this.#closeErrorPage(() => this.#spawn());
      else this.#spawn();
      return;
    }
    this.#restarting = true;
    child.kill('SIGTERM');
  }

  #spawn(): void {
    const [executable, ...args] = this.#options.command;
    // stderr is held until the child listens: a failed start is shown as one line, not
    // as the stack and error object Node prints.
    const child = spawn(executable!, [...args, `--port=${this.#port}`], { stdio: ['inherit', 'inherit', 'pipe', 'ipc'] });
    this.#child = child;
    let listening = false;
    let held = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      if (listening) this.#err.write(chunk);
      else held += chunk.toString();
    });
    child.on('message', (message: { type?: string; port?: number }) => {
      if (message.type !== 'listening') return;
      if (typeof message.port === 'number') this.#port = message.port;
      listening = true;
      if (held !== '') this.#err.write(held);
      held = '';
      this.#options.onListening?.(this.#port);
    });
    child.once('exit', (code, signal) => {
      if (this.#stopping) {
        this.#done?.();
      } else if (this.#restarting) {
        this.#restarting = false;
        this.#spawn();
      } else if (!listening && code !== 0) {
        const line = startupFailureLine(held);
        this.#out.write(` [ERROR] The server cannot start: ${line}\n Fix it and save: the server restarts on the next change.\n`);
        this.#serveErrorPage(line);
      } else {
        this.#out.write(` [ERROR] The server stopped (${signal ?? `exit code ${code}`}); it restarts on the next change.\n`);
      }
    });
  }

  /** While the code does not start, the browser gets a 500 page saying why (it reloads itself every two seconds). */
  #serveErrorPage(line: string): void {
    const html = `<!DOCTYPE html>\n<html lang="en"><head><meta charset="UTF-8"><meta http-equiv="refresh" content="2"><meta name="viewport" content="width=device-width,initial-scale=1"><title>The server cannot start</title>`
      + '<style>body{margin:0;padding:2em;font:15px/1.5 system-ui,sans-serif;background:#fff5f5;color:#222}pre{white-space:pre-wrap;word-break:break-word;background:#fff;border:1px solid #e0b4b4;padding:1em}</style></head>'
      + `<body><h1>The server cannot start</h1><pre>${escapeHtml(line)}</pre><p>Fix it and save: the server restarts and this page reloads.</p></body></html>\n`;
    const server = createServer((_req, res) => {
      res.writeHead(500, { 'Content-Type': 'text/html; charset=UTF-8', 'Cache-Control': 'no-store' });
      res.end(html);
    });
    server.on('error', () => {});
    server.listen(this.#port, this.#options.host ?? '127.0.0.1');
    this.#errorPage = server;
  }

  #closeErrorPage(onClosed?: () => void): void {
    const server = this.#errorPage;
    this.#errorPage = undefined;
    if (server === undefined) return;
    server.closeAllConnections();
    server.close(() => onClosed?.());
  }
}
