/**
 * Stops an engine's workers once nothing has used them for a while. An idle worker still holds its program and heap
 * (75-90 MB each measured for eSpeak and Flite), and a server whose traffic uses one engine, such as a long job in one
 * voice, kept the other engine's workers for nothing. The engine starts them again on its next call, which then pays
 * a worker start (~0.3-0.5 s) and runs cold for its first seconds.
 */
export interface IdleStop {
  /** Work was queued or finished: the idle period starts again, and watching starts if it had stopped. */
  touch(): void;
  /** Stop watching (the engine is stopping). */
  cancel(): void;
}

/** `idleMs` 0 never stops. `busy()` says whether any call is queued or running; `stop()` ends the workers. */
export function idleStop(idleMs: number, busy: () => boolean, stop: () => void): IdleStop {
  let lastActive = Date.now();
  let timer: ReturnType<typeof setInterval> | undefined;
  const cancel = () => {
    clearInterval(timer);
    timer = undefined;
  };
  return {
    touch() {
      lastActive = Date.now();
      if (timer || idleMs <= 0) return;
      timer = setInterval(
        () => {
          if (busy()) lastActive = Date.now();
          else if (Date.now() - lastActive >= idleMs) {
            cancel();
            stop();
          }
        },
        Math.max(50, Math.min(idleMs / 4, 5_000)),
      );
      timer.unref?.();
    },
    cancel,
  };
}
