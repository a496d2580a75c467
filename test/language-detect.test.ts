import { describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CATALOG_LANGUAGES, detectLanguage, languageSpans, scriptOf } from '../providers/language/detect.ts';
import { findNgram, loadNgramTable, ngramDetector, parseNgramTable } from '../providers/language/ngram-table.ts';

const SENTENCES: Record<(typeof CATALOG_LANGUAGES)[number], string> = {
  en: 'The lighthouse keeper climbed the stairs every evening to light the lamp.',
  es: 'El farero subía las escaleras cada tarde para encender la lámpara.',
  fr: 'Le gardien du phare montait les escaliers chaque soir pour allumer la lampe.',
  de: 'Der Leuchtturmwärter stieg jeden Abend die Treppe hinauf, um die Lampe anzuzünden.',
  it: 'Il guardiano del faro saliva le scale ogni sera per accendere la lampada.',
  pt: 'O faroleiro subia as escadas todas as noites para acender a lâmpada.',
  zh: '灯塔看守人每天晚上爬上楼梯去点亮灯。',
  ja: '灯台守は毎晩階段を上ってランプに火をともしました。',
  ko: '등대지기는 매일 저녁 계단을 올라 등불을 켰습니다.',
  tr: 'Deniz feneri bekçisi her akşam lambayı yakmak için merdivenleri tırmanırdı.',
  ar: 'كان حارس المنارة يصعد الدرج كل مساء لإشعال المصباح.',
  hi: 'प्रकाशस्तंभ का रखवाला हर शाम दीपक जलाने के लिए सीढ़ियाँ चढ़ता था।',
  bn: 'বাতিঘরের রক্ষক প্রতি সন্ধ্যায় বাতি জ্বালাতে সিঁড়ি বেয়ে উঠতেন।',
};

describe('language detection', () => {
  test('every catalog language is recognised in one plain sentence', () => {
    for (const language of CATALOG_LANGUAGES)
      expect([language, detectLanguage(SENTENCES[language]).catalog]).toEqual([language, language]);
  });

  test('a language recite does not speak is named but not mapped to a catalog language', () => {
    const guess = detectLanguage('Dit is een gewone Nederlandse zin over het weer van vandaag en morgen.');
    expect(guess.language).toBe('nl');
    expect(guess.catalog).toBeUndefined();
    expect(scriptOf('Привет, как дела?')).toBe('cyrillic');
  });

  test('a name, a brand or a handle in Latin letters does not take a sentence out of its script', () => {
    expect(scriptOf('@red_taka_19 お前の顔もう覚えたからな。')).toBe('kana');
    expect(scriptOf('お前の本名も住所もDiscordのログから全部割れてるぞ。')).toBe('kana');
    expect(scriptOf('我昨天在Starbucks门口等你。')).toBe('han');
    expect(scriptOf('내일 Starbucks에서 기다릴게.')).toBe('hangul');
    expect(scriptOf('كنت في McDonalds أمس مع أصدقائي.')).toBe('arabic');
    // A few characters of another script in a Latin sentence leave it Latin.
    expect(scriptOf('I met 王建国 yesterday at the market.')).toBe('latin');
    expect(scriptOf('The menu says 寿司 and nothing else.')).toBe('latin');
    expect(detectLanguage('12 + 30 = 42').script).toBe('none');
  });

  test('spans follow the language sentence by sentence and cover the text exactly', () => {
    const text = `Hello there, my friend. How are you today? ${SENTENCES.es} Muy bien. ${SENTENCES.fr} ${SENTENCES.zh}OK! ${SENTENCES.ja}`;
    const spans = languageSpans(text);
    expect(spans.map((span) => span.language)).toEqual(['en', 'es', 'fr', 'zh', 'ja']);
    expect(spans.map((span) => span.text).join('')).toBe(text);
    for (let i = 1; i < spans.length; i++) expect(spans[i]!.start).toBe(spans[i - 1]!.end);
    expect(spans[1]!.text).toContain('Muy bien.');
  });

  test('a text with no letters takes the fallback', () => {
    expect(languageSpans('1, 2, 3.', 'de')).toEqual([
      { start: 0, end: 8, text: '1, 2, 3.', language: 'de', detected: 'de', script: 'none' },
    ]);
  });
});

describe('the compact n-gram table', () => {
  type Eld = typeof import('eld/medium').eld;

  // Every eighth text of each file of the moderation data (tens of thousands of sentences): reading all of them took
  // 50 s on a slow machine, and grew with each data round.
  test('detection over it answers exactly as eld over its own table, in every language of the moderation data', () => {
    const own = (require('../node_modules/eld/src/entries/static.medium.js') as { eld: Eld }).eld;
    const compact = ngramDetector(loadNgramTable());
    const directory = join(import.meta.dir, '../providers/moderation/local/data');
    const sentences = readdirSync(directory)
      .filter((name) => name.endsWith('.jsonl'))
      .flatMap((name) =>
        readFileSync(join(directory, name), 'utf8')
          .split('\n')
          .filter((line, at) => line && at % 8 === 0),
      )
      .flatMap((line) => (JSON.parse(line) as { text: string }).text.split(/(?<=[.!?。！？])\s*/));
    // Past eld's cuts: 1,000 characters, 350-380 bytes of words, 70 bytes of a word; a lone surrogate; no letters.
    const edges = [
      'word '.repeat(300),
      `${'é'.repeat(200)} fin`,
      `${'a'.repeat(150)} b`,
      'abc',
      'ab \ud83d',
      '\ud83d\ude00 smile \udc00',
      '',
      '12 + 30',
      'ok',
    ];
    const languages = new Set<string>();
    const differences: string[] = [];
    const answer = (result: { language: string; isReliable(): boolean; getScores(): Record<string, number> }) =>
      JSON.stringify([result.language, result.isReliable(), result.getScores()]);
    for (const sentence of [...sentences, ...Object.values(SENTENCES), ...edges]) {
      const expected = answer(own.detect(sentence));
      const actual = compact.detect(sentence);
      languages.add(actual.language);
      if (answer(actual) !== expected) differences.push(`${sentence}: ${answer(actual)} against ${expected}`);
    }
    expect(differences).toEqual([]);
    expect(sentences.length).toBeGreaterThan(5_000);
    for (const language of CATALOG_LANGUAGES) expect(languages).toContain(language);
  }, 60_000);

  test('keys with escaped quotes, bare keys and several languages per n-gram are read as written', () => {
    const table = parseNgramTable(
      "export const ngramsData = {type:'T2',languages:{0:'en',1:'de'},isSubset:false,ngrams:{'it\\'s ':{0:9},abc:{0:1,1:300},'\\\\x':{1:2},'ÿé ':{1:7},ab:{0:3},abc:{1:4}}};",
    );
    expect([table.type, table.languages]).toEqual(['T2', { 0: 'en', 1: 'de' }]);
    const scores = (ngram: string) => {
      const entry = findNgram(table, ngram);
      if (entry < 0) return undefined;
      const found: Record<number, number> = {};
      for (let pair = table.pairStarts[entry]!; pair < table.pairStarts[entry + 1]!; pair += 2)
        found[table.pairs[pair]!] = table.pairs[pair + 1]!;
      return found;
    };
    expect(scores("it's ")).toEqual({ 0: 9 });
    expect(scores('\\x')).toEqual({ 1: 2 });
    expect(scores('ÿé ')).toEqual({ 1: 7 });
    expect(scores('ab')).toEqual({ 0: 3 });
    // A key given twice keeps its last scores, as in an object literal.
    expect(scores('abc')).toEqual({ 1: 4 });
    for (const missing of ['abd', 'a', 'abcd', 'ÿ', ''])
      expect([missing, scores(missing)]).toEqual([missing, undefined]);
    // Shared memory: posting the table to a worker hands over these buffers, not copies.
    expect(table.keys.units.buffer).toBeInstanceOf(SharedArrayBuffer);
  });

  test('a table in another format fails loudly, naming where', () => {
    expect(() => parseNgramTable("export const ngramsData = {type:'T2',ngrams:{abc:{0:1.5}}};")).toThrow(
      /eld table: expected an integer at offset 53, found "\.5/,
    );
    expect(() => parseNgramTable("export const ngramsData = {type:'T2',ngrams:{abc:{0:70000}}};")).toThrow(
      /under 65,536/,
    );
    expect(() => parseNgramTable("export const ngramsData = {type:'T2',ngrams:{}};")).toThrow(
      /with a type and n-grams/,
    );
    expect(() => parseNgramTable('export const somethingElse = 1;')).toThrow(/eld table/);
    expect(() => parseNgramTable("export const ngramsData = {type:'T2',ngrams:{'灯塔':{0:1}}};")).toThrow(
      /byte-valued characters/,
    );
  });
});
