/**
 * Many fixed strings looked for at once (Aho-Corasick): one pass over a text finds every listed string it contains,
 * however many there are. The lexicon languages' lists hold thousands of terms, forms and cues (lexicon-terms.ts);
 * looking for each with `includes` cost a pass of the sentence per string.
 */
export class NeedleSet {
  /** A string's number, given by `add`. */
  private readonly ids = new Map<string, number>();
  /** The trie's edges while it is built: node * 0x10000 + UTF-16 code unit -> node. Node 0 is the root. */
  private readonly edges = new Map<number, number>();
  /** The strings that end at a node, its own and those of its suffixes (filled by `build`); most nodes share NONE. */
  private outputs: number[][] = [NONE];
  /** The node of the longest proper suffix of a node's string that is also in the trie. */
  private failure = new Int32Array(1);
  /**
   * The edges once built, for `scan`: an open-addressing table (at most half full) of parent node and code unit ->
   * child + 1 (0: empty). Read through the Map, keyed by numbers beyond 32 bits, the lexicon-language sentences of
   * bench-moderation's dense book (454,428 characters) took 108-118 ms to read by the lists; so, 83-88 ms.
   */
  private slotNodes = new Int32Array(0);
  private slotUnits = new Uint16Array(0);
  private slotChildren = new Int32Array(0);
  private slotMask = 0;
  /** Marks of the strings the last `scan` found: `stamps[id] === stamp`. */
  private stamps = new Int32Array(0);
  private stamp = 0;
  /** The numbers the last `scan` found, each once. */
  private found: number[] = [];
  private built = false;

  /** Lists a string (again: the same number) and returns its number. */
  add(needle: string): number {
    const known = this.ids.get(needle);
    if (known !== undefined) return known;
    if (this.built) throw new Error('NeedleSet: add after build');
    const id = this.ids.size;
    this.ids.set(needle, id);
    let node = 0;
    for (let index = 0; index < needle.length; index++) {
      const key = node * 0x10000 + needle.charCodeAt(index);
      let child = this.edges.get(key);
      if (child === undefined) {
        child = this.outputs.length;
        this.outputs.push(NONE);
        this.edges.set(key, child);
      }
      node = child;
    }
    this.outputs[node] = [...this.outputs[node]!, id];
    return id;
  }

  /** Links every node to its longest suffix in the trie, breadth first; no string can be added afterwards. */
  build(): this {
    const children = new Map<number, [number, number][]>();
    for (const [key, child] of this.edges) {
      const parent = Math.floor(key / 0x10000);
      const list = children.get(parent) ?? [];
      list.push([key % 0x10000, child]);
      children.set(parent, list);
    }
    this.failure = new Int32Array(this.outputs.length);
    const queue: number[] = [0];
    for (let head = 0; head < queue.length; head++) {
      const node = queue[head]!;
      for (const [code, child] of children.get(node) ?? []) {
        let fallback = this.failure[node]!;
        if (node !== 0) {
          while (fallback !== 0 && !this.edges.has(fallback * 0x10000 + code)) fallback = this.failure[fallback]!;
          const next = this.edges.get(fallback * 0x10000 + code);
          this.failure[child] = next !== undefined && next !== child ? next : 0;
        }
        const inherited = this.outputs[this.failure[child]!]!;
        if (inherited.length > 0) this.outputs[child] = [...this.outputs[child]!, ...inherited];
        queue.push(child);
      }
    }
    let capacity = 16;
    while (capacity < this.edges.size * 2) capacity *= 2;
    this.slotNodes = new Int32Array(capacity);
    this.slotUnits = new Uint16Array(capacity);
    this.slotChildren = new Int32Array(capacity);
    this.slotMask = capacity - 1;
    for (const [key, child] of this.edges) {
      const node = Math.floor(key / 0x10000);
      const unit = key % 0x10000;
      let slot = slotOf(node, unit, this.slotMask);
      while (this.slotChildren[slot] !== 0) slot = (slot + 1) & this.slotMask;
      this.slotNodes[slot] = node;
      this.slotUnits[slot] = unit;
      this.slotChildren[slot] = child + 1;
    }
    // Read by `add` and `build` alone, which are done.
    this.edges.clear();
    this.stamps = new Int32Array(this.ids.size);
    this.built = true;
    return this;
  }

  /** The child of `node` by the code unit `unit`, or -1. */
  private child(node: number, unit: number): number {
    for (let slot = slotOf(node, unit, this.slotMask); ; slot = (slot + 1) & this.slotMask) {
      const child = this.slotChildren[slot]!;
      if (child === 0) return -1;
      if (this.slotNodes[slot] === node && this.slotUnits[slot] === unit) return child - 1;
    }
  }

  /** Finds the listed strings in a text; `has` then answers for them until the next scan. */
  scan(text: string): this {
    if (!this.built) this.build();
    this.stamp = this.stamp === 0x7fffffff ? 1 : this.stamp + 1;
    if (this.stamp === 1) this.stamps.fill(0);
    this.found = [];
    // The empty string, if listed, is in every text (as `includes` has it).
    for (const id of this.outputs[0]!) this.mark(id);
    let node = 0;
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      let next = this.child(node, code);
      while (next < 0 && node !== 0) {
        node = this.failure[node]!;
        next = this.child(node, code);
      }
      node = next < 0 ? 0 : next;
      for (const id of this.outputs[node]!) this.mark(id);
    }
    return this;
  }

  private mark(id: number) {
    if (this.stamps[id] === this.stamp) return;
    this.stamps[id] = this.stamp;
    this.found.push(id);
  }

  /** The numbers of the strings the last scanned text holds. */
  foundIds(): readonly number[] {
    return this.found;
  }

  /** Whether the last scanned text holds string number `id`. */
  has(id: number): boolean {
    return this.stamps[id] === this.stamp;
  }
}

/** A parent node and a code unit's first slot in a table of `mask` + 1 slots. */
const slotOf = (node: number, unit: number, mask: number) =>
  (Math.imul(node, 0x9e3779b1) ^ Math.imul(unit, 0x85ebca6b)) & mask;

/** The outputs of a node where no listed string ends (never changed: `add` and `build` make new arrays). */
const NONE: number[] = [];
