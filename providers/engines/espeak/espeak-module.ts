/**
 * Loads the eSpeak NG emscripten module, with one exact speed fix.
 *
 * The npm build of eSpeak NG is wasm2js: WebAssembly translated to plain JavaScript, where every 64-bit operation is
 * emulated on 32-bit halves. eSpeak's noise generator (aspiration, fricatives, whisper) draws a number for every
 * sample as `seed * 16807 % 2147483647` on 64-bit integers, and wasm2js turns that `%` into a bit-by-bit long division
 * loop. Profiled, that one helper was ~45% of all synthesis time.
 *
 * The fix replaces the helper `x % 2147483647` (x unsigned 64-bit, given as low and high halves) with exact arithmetic
 * on doubles: 2^32 ≡ 2 (mod 2^31 - 1), so x mod M = ((high mod M) * 2 + low mod M) mod M, whose intermediates stay
 * below 2^33 and are exact. The remainder is below 2^31, so its high half is 0. Output is bit-identical (tested against
 * the unpatched module), synthesis about twice as fast. If a future build of the package no longer contains the helper
 * in this shape, the module loads unpatched and `patched` says so.
 */
import source from '@echogarden/espeak-ng-emscripten/espeak-ng.js' with { type: 'text' };

/** `function Fg(a,b){Bg(a,b,2147483647);ua=ta;return sa}`: remainder of the 64-bit (b:a) by 2^31 - 1, via the generic divmod. */
const SLOW_REMAINDER = /function (\w+)\((\w+),(\w+)\)\{(\w+)\(\2,\3,2147483647\);(\w+)=(\w+);return (\w+)\}/;

/** The replacement helper's source: same name, same outputs (return value = low half, `high` global = high half). */
export function fastRemainderSource(name: string, low: string, high: string, highGlobal: string): string {
  // Below 2^53 (high half < 2^21, always so for eSpeak's seed * 16807 < 2^46) one exact double remainder does.
  return `function ${name}(${low},${high}){${highGlobal}=0;if((${high}>>>0)<2097152)return((${high}>>>0)*4294967296+(${low}>>>0))%2147483647|0;return((${high}>>>0)%2147483647*2+(${low}>>>0)%2147483647)%2147483647|0}`;
}

export type EspeakFactory = (module?: {
  getPreloadedPackage?: (name: string, size: number) => ArrayBuffer;
}) => Promise<unknown>;

/** Builds the module factory from the package's source; `patch: false` gives the package exactly as published (for tests). */
export function loadEspeakFactory(options: { patch?: boolean } = {}): { factory: EspeakFactory; patched: boolean } {
  let text = source;
  let patched = false;
  if (options.patch !== false) {
    text = text.replace(
      SLOW_REMAINDER,
      (_match, name: string, low: string, high: string, _divide, highGlobal: string) => {
        patched = true;
        return fastRemainderSource(name, low, high, highGlobal);
      },
    );
  }
  // The module is an ES module; evaluated as a function body it needs its two module-only constructs replaced. Its
  // own URL is only used to locate files we hand it directly (voice data via getPreloadedPackage), or that wasm2js
  // does not need (no .wasm).
  text = text.replaceAll('import.meta.url', JSON.stringify('file:///recite/espeak-ng/espeak-ng.js'));
  const exported = /export default Module;\s*$/;
  if (!exported.test(text))
    throw new Error('unexpected @echogarden/espeak-ng-emscripten build: no default export of Module');
  text = text.replace(exported, 'return Module;');
  const factory = new Function(text)() as EspeakFactory;
  return { factory, patched };
}
