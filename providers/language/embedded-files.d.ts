// eld's n-gram table, embedded with `with { type: 'file' }` (see ngram-table.ts): the import is its path.
declare module '*/eld/src/ngrams/medium.js' {
  const path: string;
  export default path;
}
