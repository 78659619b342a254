/** Where a command writes and how it reports a negative outcome; tests pass their own. */
export interface CommandIO {
  write(text: string): void;
  /** A line for the person at the terminal (stderr): errors and warnings. */
  error(text: string): void;
  /** Sets the exit code without stopping the command (router:match finding no route). */
  fail(code: number): void;
}

export const processIO: CommandIO = {
  write: (text) => void process.stdout.write(text),
  error: (text) => void process.stderr.write(text),
  fail: (code) => {
    process.exitCode = code;
  },
};
