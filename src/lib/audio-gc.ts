/**
 * A full garbage collection in an audio worker once enough samples have passed through it.
 *
 * Audio workers move every chunk of PCM and MP3 as a fresh buffer that leaves the thread, so their own heap looks
 * small to the collector while dead buffers pile up: over a 1M-character job that came to hundreds of megabytes
 * (measured peak RSS 465-510 MB without collections, ~390-460 MB with them). A collection between requests, every
 * ~45 s of audio, costs a few milliseconds.
 */
export function audioGarbageCollector(everySamples = 1_000_000) {
  let since = 0;
  return {
    /** Count samples that passed through the worker. */
    add(samples: number) {
      since += samples;
    },
    /** Collect now if enough samples have passed; call between requests, never inside one. */
    collectIfDue() {
      if (since < everySamples) return;
      since = 0;
      Bun.gc(true);
    },
  };
}
