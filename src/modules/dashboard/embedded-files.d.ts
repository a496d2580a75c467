// Files embedded in the binary with import attributes (see assets.ts).
declare module '*/dashboard-client.js' {
  /** The script's source, imported with `type: 'text'`. */
  const source: string;
  export default source;
}
declare module '*.woff2' {
  /** A path to the embedded file, imported with `type: 'file'`. */
  const path: string;
  export default path;
}
