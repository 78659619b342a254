/** Where a command writes and how it reports a negative outcome; tests pass their own. */
export interface CommandIO {
  write(text: string): void;
  /** Sets the exit code without stopping the command (router:match finding no route). */
  fail(code: number): void;
}

export const processIO: CommandIO = {
  write: (text) => void process.stdout.write(text),
  fail: (code) => {
    process.exitCode = code;
  },
};
