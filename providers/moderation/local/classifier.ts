import { MODERATION_CATEGORIES, type ModerationCategory, type ModerationVerdict } from '../../spec/v1/moderation.ts';
import * as lexicon from './lexicon.ts';

/**
 * The embedded moderator: a contextual rule classifier. Cheap trigger patterns find candidate places in the whole text;
 * each candidate's window (a few sentences) is scored on evidence for its category, and context in the same window —
 * news and court reporting, history, clinical language, fairy tales — lowers the score of descriptions. Swearing is in
 * no category. A single bad sentence deep inside a long benign text is still found, because every candidate is scored.
 */

const WINDOW = 350;
const i = (source: string) => new RegExp(source, 'gi');
const count = (pattern: RegExp, text: string) => {
  pattern.lastIndex = 0;
  let total = 0;
  while (pattern.exec(text)) total++;
  return total;
};
const test = (pattern: RegExp, text: string) => {
  pattern.lastIndex = 0;
  return pattern.test(text);
};

const GROUPS = `(?:${lexicon.PROTECTED_GROUPS}|(?:every|each|any|a|one) (?:${lexicon.GROUP_SINGULARS}))`;
const SLUR = i(`\\b(?:${lexicon.SLURS})\\b`);
const HATE_PATTERNS: [RegExp, number][] = [
  [i(`\\b${GROUPS}\\s+(?:are|is|were)\\s+(?:nothing but |just |all |like |no better than |basically |simply )?(?:(?:filthy|dirty|disgusting|stinking|worthless|diseased|dumb|stupid) )*(?:${lexicon.DEHUMANIZING})\\b`), 3],
  [i(`\\b(?:all |the )?${GROUPS}\\s+(?:should|must|need to|deserve to|ought to|have to|will)\\s+(?:all\\s+)?(?:${lexicon.EXTERMINATION})\\b`), 3],
  [i(`\\b(?:death to|kill all|gas (?:all )?the|exterminate (?:all )?(?:the )?|wipe out (?:all )?(?:the )?|get rid of (?:all )?(?:the )?)\\s*(?:the\\s+)?${GROUPS}\\b`), 3],
  [i(`\\bi (?:hate|despise|loathe|can't stand) (?:all |the |every )?${GROUPS}\\b`), 2.5],
  [i(`\\b${GROUPS}\\s+(?:are|is)\\s+(?:ruining|destroying|poisoning|infesting|invading|polluting|breeding)\\b`), 2],
  [i(`\\b${GROUPS}\\b[^.!?]{0,40}?\\b(?:and|who|which|so they)\\s+(?:must|should|need to|ought to|deserve to)\\s+(?:all\\s+)?(?:${lexicon.EXTERMINATION})\\b`), 3],
  [i(`\\b${GROUPS}\\s+(?:don't|do not|doesn't)\\s+deserve\\s+(?:rights|to live|to exist|to breathe|to vote)\\b`), 3],
  [i(`\\b${GROUPS}\\s+are\\s+(?:all\\s+)?(?:criminals|terrorists|rapists|thieves|pedophiles|paedophiles|degenerates|perverts|freaks)\\b`), 2.5],
];
const HATE_TRIGGER = i(`\\b(?:${lexicon.SLURS})\\b|\\b${GROUPS}\\b`);
const HISTORY_CLAIM = /\b(?:claimed|described|portrayed|depicted|called|branded|propaganda|slogans?|chanted|posters?|pamphlets?|ideology|rhetoric)\b/i;

const INTENT = `(?:'ll|'m going to|'m gonna|'m coming to|\\s+will|\\s+shall|\\s+am going to|\\s+are going to|'re going to|\\s+gonna|\\s+plan to|\\s+intend to|\\s+want to|\\s+am coming to|\\s+are coming to|\\s+swear i'll)`;
const DIRECT_THREAT = i(`\\b(?:i|we)${INTENT}\\s+(?:\\w+\\s+){0,4}?(?:to\\s+)?(?:${lexicon.HARM_VERBS})\\b`);
const ROLE_TARGET = /\b(?:you|him|her|them|your\b|(?:my|the|that|this|our) (?:ex-wife|ex-husband|ex|wife|husband|boss|teacher|neighbou?r|mother|father|brother|sister|classmates?|coworkers?|girlfriend|boyfriend|president|senator|mayor|judge|governor|prime minister|ceo|principal|officer|cop|police|(?:city |town )?(?:council|hall)|school|parade|rally|office|church|mosque|synagogue|temple|concert|mall|station|airport|stadium|meeting))\b/i;
// A capitalised name (not a weekday or month) after the harm verb is a real person.
const NAME_TARGET = /\b(?!(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|November|December)\b)(?:Mr\.? |Mrs\.? |Ms\.? |Dr\.? |Senator )?[A-Z][a-z]+/;
const THREAT_PATTERNS: [RegExp, number][] = [
  [i(`\\byou(?:'re| are)\\s+(?:going to|gonna)\\s+(?:die|pay|regret|bleed|suffer)\\b`), 3],
  [i(`\\b(?:i|we) know where (?:you|your (?:kids|children|family|wife|husband|daughter|son)) (?:live|lives|sleep|sleeps|work|works|go|goes)\\b`), 2.5],
  [i(`\\b(?:i|we)(?:'ll| will)\\s+(?:find|hunt)\\s+you\\b`), 2],
  [i(`\\byour (?:days are numbered|family will pay|kids will pay|time is up)\\b`), 2.5],
  [i(`\\b(?:bullet|bomb) (?:with|has) your name\\b`), 2.5],
  [i(`\\bwatch your back\\b`), 1.2],
  [i(`\\bsomeone (?:should|needs to|ought to)\\s+(?:shoot|kill|assassinate|murder|hang|stab)\\s+(?:the president|the senator|the mayor|the judge|the governor|the prime minister|him|her|[A-Z][a-z]+)`), 3],
  [i(`\\b(?:you|he|she) (?:deserves? to|should)\\s+(?:die|be shot|be killed|be hanged|be murdered)\\b`), 2],
];
const THREAT_TRIGGER = i(`\\b(?:i|we)${INTENT}|\\byou(?:'re| are)\\s+(?:going to|gonna)|\\b(?:i|we) know where your?\\b|\\byour (?:days|family|kids|time)|\\bwith your name|\\bwatch your back|\\bsomeone (?:should|needs to|ought to)|\\bdeserves? to die|\\bshould (?:die|be shot|be killed|be hanged)`);

const WEAPON = i(`\\b(?:${lexicon.WEAPON_MAKING_OBJECTS})\\b`);
const INSTRUCTION_TRIGGER = i(`\\b(?:${lexicon.WEAPON_MAKING_OBJECTS})\\b|\\bhow (?:to|do i|can i) (?:kill|poison|hurt|murder)|\\bto (?:kill|poison|hurt|injure|maim|murder|burn) (?:someone|somebody|a person|people|anyone|everyone|as many)|\\bshoot up\\b|\\bwill kill (?:anyone|everyone)`);

const SEXUAL_STRONG = i(`\\b(?:${lexicon.SEXUAL_STRONG})\\b`);
const SEXUAL_ANATOMY = i(`\\b(?:${lexicon.SEXUAL_ANATOMY})\\b`);
const SEXUAL_ACTIONS = i(`\\b(?:${lexicon.SEXUAL_ACTIONS})\\b`);
const SEXUAL_TRIGGER = i(`\\b(?:${lexicon.SEXUAL_STRONG}|${lexicon.SEXUAL_ANATOMY})\\b`);
const CHILD = /\b(?:child|children|kid|kids|minor|minors|underage|boy|girl|toddler|teen|teenager|\d{1,2}-year-old)\b/i;

const GORE_STRONG = i(`\\b(?:${lexicon.GORE_STRONG})\\b`);
const GORE_PARTS = i(`\\b(?:${lexicon.GORE_PARTS})\\b`);
const GORE_ACTIONS = i(`\\b(?:${lexicon.GORE_ACTIONS})\\b`);
const GORE_TRIGGER = i(`\\b(?:${lexicon.GORE_STRONG}|${lexicon.GORE_ACTIONS})\\b`);

interface CategoryRule {
  category: ModerationCategory;
  trigger: RegExp;
  /** Raw evidence score of a window; flagged at `threshold` and above. */
  /** `window`: a few sentences either side (register: fairy tale …); `near`: the focus and its neighbours (reporting …); `focus`: the sentence(s) hit. */
  score(window: string, focus: string, near: string): number;
  threshold: number;
}

const RULES: CategoryRule[] = [
  {
    category: 'hate',
    trigger: HATE_TRIGGER,
    threshold: 2,
    score(_window, focus, near) {
      let raw = 0;
      for (const [pattern, weight] of HATE_PATTERNS) raw += count(pattern, focus) * weight;
      if (lexicon.REPORTING.test(near) && HISTORY_CLAIM.test(near)) raw -= 2.5;
      else if (lexicon.REPORTING.test(near)) raw -= 1.5;
      // A slur is excused only when its own sentence reports it ("…shouted slurs, witnesses said").
      const slurs = count(SLUR, focus) * 3;
      return Math.max(0, raw) + (slurs > 0 && lexicon.REPORTING.test(focus) ? slurs - 2.5 : slurs);
    },
  },
  {
    category: 'threats',
    trigger: THREAT_TRIGGER,
    threshold: 2,
    score(window, focus) {
      let raw = 0;
      DIRECT_THREAT.lastIndex = 0;
      for (let match = DIRECT_THREAT.exec(focus); match; match = DIRECT_THREAT.exec(focus)) {
        const after = focus.slice(match.index + match[0].length, match.index + match[0].length + 40);
        // "I'll destroy you at chess": a game or contest named right after is banter, not a threat.
        if (/^\s*(?:you|him|her|them)?\s*(?:at|in) (?:chess|cards|poker|tennis|golf|football|soccer|basketball|the game|games?|trivia|scrabble|mario ?kart|fifa|the race|the match|the quiz|bowling)\b/i.test(after)) continue;
        raw += ROLE_TARGET.test(after) || NAME_TARGET.test(after) ? 2.5 : 1;
      }
      for (const [pattern, weight] of THREAT_PATTERNS) raw += count(pattern, focus) * weight;
      if (raw === 0) return 0;
      if (lexicon.FAIRY_TALE.test(window) || lexicon.FICTION_THREAT_SPEAKERS.test(window)) raw -= 2.5;
      // A threat is excused by reporting only in its own sentence ("…, police said"); a story around it does not help.
      const quoted = /["“”]/.test(focus);
      if (lexicon.REPORTING.test(focus)) raw -= quoted ? 2.5 : 1.5;
      return raw;
    },
  },
  {
    category: 'violent_instructions',
    trigger: INSTRUCTION_TRIGGER,
    threshold: 2.5,
    score(context) {
      const window = context.replace(lexicon.BENIGN_COMPOUNDS, ' ');
      const objects = count(WEAPON, window);
      const howTo = lexicon.HOW_TO_CUES.some((cue) => cue.test(window));
      const steps = count(lexicon.IMPERATIVE_STEPS, window);
      const goal = lexicon.HARM_GOAL.test(window);
      let raw = (howTo ? 2 : 0) + Math.min(objects, 2) * 1.5 + Math.min(steps, 4) * 0.5 + (goal ? 2.5 : 0);
      if (objects === 0 && !goal) raw = Math.min(raw, 1);
      // Without any how-to framing or imperative steps, a mention of a weapon is description, not instruction.
      if (!howTo && steps === 0 && !goal) raw = Math.min(raw, 2);
      if (lexicon.REPORTING.test(window) && !howTo) raw -= 2;
      if (lexicon.FAIRY_TALE.test(window)) raw -= 2;
      return raw;
    },
  },
  {
    category: 'sexual',
    trigger: SEXUAL_TRIGGER,
    threshold: 2,
    score(_window, focus, near) {
      const strong = count(SEXUAL_STRONG, focus);
      const anatomy = count(SEXUAL_ANATOMY, focus);
      const actions = count(SEXUAL_ACTIONS, focus);
      let raw = strong * 2 + (anatomy > 0 && actions > 0 ? 2 + 0.5 * Math.min(anatomy + actions - 2, 3) : 0.3 * anatomy);
      if (raw === 0) return 0;
      const clinical = lexicon.MEDICAL.test(near);
      const reported = lexicon.REPORTING.test(near);
      // Sexual content involving children is never excused by context.
      if (CHILD.test(focus) && raw >= 1.5 && !clinical && !reported) return raw + 2;
      if (clinical) raw -= 2;
      if (reported) raw -= 1.5;
      return raw;
    },
  },
  {
    category: 'graphic_gore',
    trigger: GORE_TRIGGER,
    threshold: 2,
    score(window, focus, near) {
      const strong = count(GORE_STRONG, focus);
      const parts = count(GORE_PARTS, focus);
      const actions = count(GORE_ACTIONS, focus);
      // Explicit depiction names body parts and what happens to them, several times over.
      const detail = parts > 0 && actions > 0 ? 1 + 0.5 * Math.min(parts + actions - 2, 6) : 0;
      let raw = strong * 2.5 + detail + (count(/\bblood(?:y|ied)?\b/gi, focus) > 2 ? 0.5 : 0);
      if (raw === 0) return 0;
      const explicit = raw >= 5;
      if (lexicon.MEDICAL.test(near)) raw -= 2.5;
      if (lexicon.REPORTING.test(near) && !explicit) raw -= 1.5;
      if (lexicon.FAIRY_TALE.test(window) && !explicit) raw -= 1.5;
      return raw;
    },
  },
];

export interface Finding {
  category: ModerationCategory;
  raw: number;
  start: number;
  end: number;
}

/** Scores every category over `text`; the verdict carries the worst window per category. */
export function classify(text: string): ModerationVerdict {
  const worst = new Map<ModerationCategory, Finding>();
  for (const rule of RULES) {
    rule.trigger.lastIndex = 0;
    let coveredUntil = -1;
    for (let match = rule.trigger.exec(text); match; match = rule.trigger.exec(text)) {
      if (match.index < coveredUntil) continue;
      const start = Math.max(0, match.index - WINDOW);
      const end = Math.min(text.length, match.index + match[0].length + WINDOW);
      // The focus is the sentence(s) around the hit; the wider window supplies context.
      const focusStart = Math.max(start, sentenceStart(text, match.index, 200));
      const focusEnd = Math.min(end, sentenceEnd(text, match.index + match[0].length, 200));
      const near = text.slice(Math.max(start, focusStart - 150), Math.min(end, focusEnd + 150));
      const raw = rule.score(text.slice(start, end), text.slice(focusStart, focusEnd), near);
      coveredUntil = focusEnd;
      const previous = worst.get(rule.category);
      if (!previous || raw > previous.raw) worst.set(rule.category, { category: rule.category, raw, start: focusStart, end: focusEnd });
      if (match[0].length === 0) rule.trigger.lastIndex++;
    }
  }
  const categories = Object.fromEntries(
    MODERATION_CATEGORIES.map((category) => {
      const rule = RULES.find((candidate) => candidate.category === category)!;
      const finding = worst.get(category);
      const score = finding ? Math.max(0, Math.min(1, finding.raw / (rule.threshold * 2))) : 0;
      return [category, { flagged: finding !== undefined && finding.raw >= rule.threshold, score: Math.round(score * 1000) / 1000 }];
    }),
  ) as ModerationVerdict['categories'];
  const flagged = Object.values(categories).some((verdict) => verdict.flagged);
  const top = [...worst.values()].filter((finding) => categories[finding.category].flagged).sort((a, b) => b.raw - a.raw)[0];
  return { flagged, categories, ...(top ? { span: { start: top.start, end: top.end } } : {}) };
}

function sentenceStart(text: string, index: number, limit: number): number {
  for (let position = index - 1; position >= Math.max(0, index - limit); position--) {
    const character = text[position]!;
    if (character === '\n' || ((character === '.' || character === '!' || character === '?') && /\s/.test(text[position + 1] ?? ' '))) return position + 1;
  }
  return Math.max(0, index - limit);
}

function sentenceEnd(text: string, index: number, limit: number): number {
  for (let position = index; position < Math.min(text.length, index + limit); position++) {
    const character = text[position]!;
    if (character === '\n' || character === '.' || character === '!' || character === '?') return position + 1;
  }
  return Math.min(text.length, index + limit);
}
