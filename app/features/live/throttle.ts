/**
 * Calls `send` at most once every `ms`: the first call at once, the latest of the calls in
 * between at the end of the interval (so where a pointer stops is always sent). `cancel` drops a
 * pending call; `flush` sends it now.
 */
export function throttle<A extends unknown[]>(send: (...args: A) => void, ms: number) {
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | null = null;

  function fire() {
    timer = undefined;
    if (!pending) return;
    const args = pending;
    pending = null;
    last = Date.now();
    send(...args);
  }

  function call(...args: A) {
    pending = args;
    if (timer) return;
    const wait = last + ms - Date.now();
    if (wait <= 0) fire();
    else timer = setTimeout(fire, wait);
  }
  call.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    pending = null;
  };
  call.flush = () => {
    clearTimeout(timer);
    fire();
  };
  return call;
}
