// Imports that TypeScript cannot see into: the eSpeak emscripten module and files embedded with import attributes.
declare module '@echogarden/espeak-ng-emscripten/espeak-ng.js' {
  /** The module's source, imported with `type: 'text'` (see providers/engines/espeak/espeak-module.ts). */
  const source: string;
  export default source;
}
declare module '@echogarden/espeak-ng-emscripten/espeak-ng.data' {
  const path: string;
  export default path;
}
declare module '*.sql' {
  const text: string;
  export default text;
}
declare module '*/standalone.js' {
  const path: string;
  export default path;
}
