// The n-gram model of the lexicon languages (grams.ts), JSON embedded with `with { type: 'file' }` (see model.ts): the
// import is its path.
declare module '*.dat' {
  const path: string;
  export default path;
}
