import SonicBoom from 'sonic-boom';

// What a stalled reader of the log can make the server hold before lines are dropped.
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;

export type LogDestination = {
  /** What the logger writes to. */
  stream: { write(line: string): void };
  /** Writes what is left, for at most `limitMs`, then stops taking lines. Never rejects. */
  finish(limitMs: number): Promise<void>;
};

/**
 * The server's log lines on standard output, written asynchronously by sonic-boom, pino's own
 * writer — but not through pino's default destination (issue #34). That one writes what is left
 * synchronously as the process exits, and sonic-boom's synchronous flush retries a failed write
 * every 100 ms for ever: when the reader of standard output went away as the server was stopped
 * (`npm start | tee` ended with it, a supervisor restarting, a test harness exiting), the server
 * closed its port and lock and then never exited. Here a broken destination ends the logging,
 * never the exit: shutdown gives the last lines a bounded time to be written, and nothing is
 * written synchronously.
 */
export function stdoutLog(fd = 1): LogDestination {
  const sonic = new SonicBoom({ fd, sync: false, maxLength: MAX_BUFFERED_BYTES });
  let open = true;
  let closed: Promise<void> | null = null;
  const done = new Promise<void>((resolve) => {
    sonic.once('close', resolve);
    // EPIPE and the like: the reader is gone, and so are the lines meant for it.
    sonic.on('error', () => {
      open = false;
      resolve();
    });
  });
  return {
    stream: {
      write(line) {
        if (open) sonic.write(line);
      },
    },
    finish(limitMs) {
      if (!closed) {
        closed = new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, limitMs);
          timer.unref();
          done.then(() => {
            clearTimeout(timer);
            resolve();
          });
          if (open) {
            open = false;
            sonic.end();
          }
        });
      }
      return closed;
    },
  };
}
