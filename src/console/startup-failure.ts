/**
 * The one line worth showing from what a server child wrote before it failed to start:
 * a compile error (`file:line:column: ERROR: text`, as esbuild reports it), else the
 * first `SomethingError: message` line, else the last line written. Stack frames and
 * the error objects Node dumps after them are left out.
 */
export function startupFailureLine(stderr: string, cwd = process.cwd()): string {
  const lines = stderr.split('\n').map((line) => line.trimEnd()).filter((line) => line.trim() !== '');
  for (const line of lines) {
    const compile = /^(\S+?):(\d+):(\d+): ERROR: (.+)$/.exec(line.trim());
    if (compile !== null) return `${relativeTo(compile[1]!, cwd)}:${compile[2]}:${compile[3]}: ${compile[4]}`;
  }
  for (const line of lines) {
    const error = /^(?:Uncaught )?([A-Z]\w*Error(?: \[[A-Z_]+\])?): (.+)$/.exec(line.trim());
    if (error !== null && !/^Transform failed/.test(error[2]!)) return `${error[1]}: ${relativePaths(error[2]!, cwd)}`;
  }
  return relativePaths(lines.at(-1)?.trim() ?? 'the server exited before listening', cwd);
}

function relativeTo(file: string, cwd: string): string {
  return file.startsWith(`${cwd}/`) ? file.slice(cwd.length + 1) : file;
}

function relativePaths(text: string, cwd: string): string {
  return text.split(`file://${cwd}/`).join('').split(`${cwd}/`).join('');
}
