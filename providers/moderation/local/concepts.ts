/**
 * Concepts shared by the model's six languages: "a van", "tape", "a second car", "his pills", "an alibi", "a surprise
 * party". Each is a word class (`K_VAN`) whose entries are listed per language in concepts.json, so the weight the model
 * learns for a concept from English examples also reads a Portuguese or Italian sentence, where its labelled data is
 * six times thinner. None is harmful alone; most name the parts of a plan (acquire, approach, act, evade), the words of
 * a threat, hate, sex or gore, or the ordinary frames (a party, a move, a match, a recipe) that make the same words
 * innocent. The lists were written blind, from each language and the policy, by writers who saw neither the model
 * nor any labelled text; scripts/moderation-eval.ts measures what they do.
 */
import type { EuropeanLanguage } from './european.ts';
import conceptFile from './concepts.json' with { type: 'json' };

export type ModelLanguage = 'en' | EuropeanLanguage;

const CONCEPTS = conceptFile as Record<ModelLanguage, Record<string, string[]>>;

/** The class name of a concept. */
export const conceptClass = (concept: string) => `K_${concept}`;

/** A language's concept classes in the class-list format of features.ts: class name -> entries joined by " | ". */
export function conceptLists(language: ModelLanguage): Record<string, string> {
  const lists: Record<string, string> = {};
  for (const [concept, entries] of Object.entries(CONCEPTS[language] ?? {})) {
    // "|" separates entries in a class list; an entry never holds one.
    const clean = entries.map((entry) => entry.replaceAll('|', ' ').trim()).filter(Boolean);
    if (clean.length) lists[conceptClass(concept)] = clean.join(' | ');
  }
  return lists;
}
