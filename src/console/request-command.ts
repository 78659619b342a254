import type { Command } from 'commander';
import { Request } from '../http/request.ts';
import type { LogHandler, LogRecord } from '../log/log-record.ts';
import type { Kernel } from '../kernel/kernel.ts';
import { processIO, type CommandIO } from './command-io.ts';
import { formatEntry } from './log-entry-view.ts';
import { RequestTrace } from './request-trace.ts';
import { SluiceError } from '../exception/sluice-error.ts';

/** A method is an RFC 9110 token: `GE T` or an empty string is refused, not sent. */
const HTTP_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

export interface RequestCommandOptions {
  header: string[];
  env?: string;
  format: string;
  body: boolean;
  host: string;
  trace: boolean;
}

/** Collects every entry written while the command's request runs, whatever the environment's outputs keep. */
class Collector implements LogHandler {
  readonly records: LogRecord[] = [];
  isHandling(): boolean { return true; }
  handle(record: LogRecord): void { this.records.push(record); }
}

/**
 * `request METHOD PATH [-H 'Name: value']... [--env=dev|prod] [--format=text|jsonl]`:
 * one request through the kernel, in process; prints the status line, the response
 * headers and every log entry of that request, in the order they were written (jsonl:
 * JSON lines only, the status and headers as the first object). With
 * `--trace` (debug), then every listener call with its duration, after a blank line.
 */
export function registerRequestCommand(program: Command, kernelFor: (env: string | undefined) => Kernel, io: CommandIO = processIO): void {
  program
    .command('request')
    .description('Runs one request through the kernel in process and prints the status, headers and every log entry')
    .argument('<method>', 'HTTP method, e.g. GET')
    .argument('<path>', 'path and query, e.g. /events/1?x=2')
    .option('-H, --header <header>', "a request header, 'Name: value' (repeatable)", (value: string, previous: string[]) => [...previous, value], [])
    .option('--env <env>', 'the environment (dev, prod, test); default APP_ENV or dev')
    .option('--format <format>', 'text or jsonl', 'text')
    .option('--body', 'print the response body after the headers', false)
    .option('--host <host>', 'the Host header when none is given', 'localhost:8000')
    .option('--trace', 'after the log entries, print each listener call with its duration (debug environments)', false)
    .action(async (method: string, path: string, options: RequestCommandOptions) => {
      if (options.format !== 'text' && options.format !== 'jsonl') throw new SluiceError('SLUICE_CONSOLE_UNKNOWN_REQUEST_FORMAT', { format: options.format });
      if (!HTTP_TOKEN.test(method)) throw new SluiceError('SLUICE_CONSOLE_INVALID_METHOD', { method });
      if (!path.startsWith('/')) throw new SluiceError('SLUICE_CONSOLE_INVALID_PATH', { path });
      const headers: Record<string, string> = { host: options.host };
      for (const header of options.header) {
        const colon = header.indexOf(':');
        if (colon <= 0) throw new SluiceError('SLUICE_CONSOLE_INVALID_HEADER', { header });
        headers[header.slice(0, colon).trim().toLowerCase()] = header.slice(colon + 1).trim();
      }
      const kernel = kernelFor(options.env);
      kernel.boot();
      const collector = new Collector();
      kernel.container.get('logger').pushHandler(collector);
      const request = new Request({ method, url: path, headers, serverPort: 8000 });
      let trace: RequestTrace | undefined;
      if (options.trace) {
        const traceable = kernel.container.find('debug.event_dispatcher');
        if (traceable === undefined) throw new SluiceError('SLUICE_CONSOLE_TRACE_NEEDS_DEBUG', { environment: kernel.environment });
        trace = new RequestTrace(traceable, request);
      }
      const response = await kernel.handle(request);
      await kernel.terminate(request, response);
      trace?.stop();

      const headerList = Object.entries(response.headers.toNodeHeaders());
      const out: string[] = [];
      if (options.format === 'jsonl') {
        // Only JSON lines, so the output pipes into jq: the response first, then the entries.
        const head: Record<string, unknown> = { status: response.statusCode, statusText: response.statusText, headers: Object.fromEntries(headerList) };
        if (options.body) head.body = String(response.content);
        out.push(`${JSON.stringify(head)}\n`);
        for (const record of collector.records) out.push(formatEntry(record, options.format));
        if (trace !== undefined) out.push(trace.format(options.format));
      } else {
        out.push(`HTTP/1.1 ${response.statusCode} ${response.statusText}\n`);
        for (const [name, value] of headerList) {
          for (const item of Array.isArray(value) ? value : [value]) out.push(`${name}: ${item}\n`);
        }
        out.push('\n');
        if (options.body) out.push(`${String(response.content)}\n\n`);
        for (const record of collector.records) out.push(formatEntry(record, options.format));
        if (trace !== undefined) out.push('\n', trace.format(options.format));
      }
      io.write(out.join(''));
    });
}
