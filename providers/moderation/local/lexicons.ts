/**
 * The catalog languages the learned model does not read (zh, ja, ko, tr, ar, hi, bn): explicit threats, slurs, sexual
 * terms and weapon-making vocabulary, matched as written. This catches the plain cases only; with a second provider
 * configured (RECITE_MODERATION=local,openai) every sentence in these languages is also sent to it (see cascade.ts).
 * The lists themselves (LEXICONS, COMBINATIONS, FRAMES) live in lexicon-terms.ts; this file matches them.
 */
import type { ModerationCategory } from '../../spec/v1/moderation.ts';
import { COMBINATIONS, FRAMES, LEXICON_LANGUAGES, LEXICONS, type LexiconLanguage } from './lexicon-terms.ts';

export { LEXICON_LANGUAGES, type LexiconLanguage };

/** Folds Turkish letters to ASCII so "öldüreceğim" and "oldurecegim" are one word. */
export function foldTurkish(text: string): string {
  return text
    .toLocaleLowerCase('tr')
    .replace(/ı/g, 'i')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

const COMPILED = Object.fromEntries(
  LEXICON_LANGUAGES.map((language) => [
    language,
    Object.entries(LEXICONS[language]).map(([category, terms]) => ({
      category: category as ModerationCategory,
      terms: terms.map((term) => (language === 'tr' ? foldTurkish(term) : term.normalize('NFC'))),
    })),
  ]),
) as Record<LexiconLanguage, { category: ModerationCategory; terms: string[] }[]>;

/** A sentence as the lists are matched against it: Turkish folded to ASCII words with a leading space. */
const matchable = (sentence: string, language: LexiconLanguage) =>
  language === 'tr' ? ` ${foldTurkish(sentence).replace(/[^a-z0-9]+/g, ' ')}` : sentence.normalize('NFC');

/** Whether an alternative occurs: on word starts in Turkish, as written in the other scripts. */
const occurs = (text: string, alternative: string, language: LexiconLanguage) =>
  language === 'tr'
    ? text.includes(` ${foldTurkish(alternative).replace(/[^a-z0-9]+/g, ' ')}`)
    : text.includes(alternative);

/** Whether a sentence holds a frame cue (FRAMES): a report, a recipe, a hunt, history, a game or a story. */
export function lexiconFrame(sentence: string, language: LexiconLanguage): boolean {
  const text = matchable(sentence, language);
  return FRAMES[language].split('|').some((cue) => occurs(text, cue, language));
}

/**
 * The categories a sentence in one of these languages plainly falls in: `explicit` by a term of the lists, else by a
 * combination of ordinary words (which a frame next to it sets aside, see FRAMES). Latin-script Turkish is matched on
 * word starts (so "seks" inside a longer word does not count); the other scripts on the characters as written.
 */
export function lexiconFindings(
  sentence: string,
  language: LexiconLanguage,
): { category: ModerationCategory; explicit: boolean }[] {
  const explicit = lexiconCategories(sentence, language, false);
  const found = explicit.map((category) => ({ category, explicit: true }));
  for (const category of lexiconCategories(sentence, language, true))
    if (!explicit.includes(category)) found.push({ category, explicit: false });
  return found;
}

/** The categories of a sentence by the explicit terms, and by the combinations unless `combinations` is false. */
export function lexiconCategories(
  sentence: string,
  language: LexiconLanguage,
  combinations = true,
): ModerationCategory[] {
  const text = matchable(sentence, language);
  const found: ModerationCategory[] = [];
  for (const { category, terms } of COMPILED[language]) {
    if (
      terms.some((term) =>
        language === 'tr' ? text.includes(` ${term.replace(/[^a-z0-9]+/g, ' ')}`) : text.includes(term),
      )
    )
      found.push(category);
  }
  if (!combinations) return found;
  for (const [category, entries] of Object.entries(COMBINATIONS[language]) as [ModerationCategory, string[]][]) {
    if (found.includes(category)) continue;
    // Turkish on word starts here too: folded, "sık" (often) and "sıkıntı" (trouble) would otherwise be a vulgarity.
    const matches = (alternative: string) => occurs(text, alternative, language);
    if (entries.some((entry) => entry.split('&').every((group) => group.split('|').some(matches))))
      found.push(category);
  }
  return found;
}
