// Imports that TypeScript cannot see into: the eSpeak emscripten module and files embedded with import attributes.
declare module '@echogarden/espeak-ng-emscripten' {
  const initialize: (module?: { getPreloadedPackage?: (name: string, size: number) => ArrayBuffer }) => Promise<unknown>;
  export default initialize;
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
