/**
 * Where log lines meant for operators go when no file is configured (`stdout-jsonl`):
 * standard output for a server, standard error for a console command, whose standard output
 * is its own result (`request --format=jsonl` piped into jq, for instance), as Symfony's
 * console handler does.
 */
let stream: NodeJS.WritableStream = process.stdout;

export function operatorLogStream(): NodeJS.WritableStream {
  return stream;
}

/** Called once by a process that keeps standard output for something else (the console). */
export function sendOperatorLogsTo(target: NodeJS.WritableStream): void {
  stream = target;
}
