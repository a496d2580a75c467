import { describe, expect, test } from 'bun:test';
import { NeedleSet } from '../providers/moderation/local/needles.ts';

/** A small deterministic generator (mulberry32), so a failure shows again on the next run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

describe('NeedleSet (the lexicon languages matcher)', () => {
  test('finds exactly the strings `includes` finds, overlapping and nested ones too', () => {
    const next = random(14);
    // A small alphabet (with a surrogate pair and a CJK character) makes overlaps, shared prefixes and suffixes common.
    const alphabet = ['a', 'b', 'c', ' ', '死', '😂'];
    const word = (length: number) =>
      Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
    for (let round = 0; round < 50; round++) {
      const needles = Array.from({ length: 40 }, () => word(1 + Math.floor(next() * 5)));
      const set = new NeedleSet();
      const ids = needles.map((needle) => set.add(needle));
      set.build();
      for (let text = 0; text < 20; text++) {
        const haystack = word(Math.floor(next() * 30));
        set.scan(haystack);
        for (const [index, needle] of needles.entries())
          expect([needle, haystack, set.has(ids[index]!)]).toEqual([needle, haystack, haystack.includes(needle)]);
        // foundIds lists each found number once, and nothing else.
        const expected = [...new Set(ids.filter((_, index) => haystack.includes(needles[index]!)))].sort(
          (a, b) => a - b,
        );
        expect([...set.foundIds()].sort((a, b) => a - b)).toEqual(expected);
      }
    }
  });

  test('a string listed twice has one number; the classic he/she/his/hers case', () => {
    const set = new NeedleSet();
    const [he, she, his, hers, again] = ['he', 'she', 'his', 'hers', 'she'].map((needle) => set.add(needle));
    expect(again).toBe(she!);
    set.build().scan('ushers');
    expect([set.has(he!), set.has(she!), set.has(his!), set.has(hers!)]).toEqual([true, true, false, true]);
    set.scan('this');
    expect([set.has(he!), set.has(she!), set.has(his!), set.has(hers!)]).toEqual([false, false, true, false]);
  });
});
