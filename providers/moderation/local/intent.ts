/**
 * Plans and instructions to hurt people that use no harm words: a vehicle driven into a crowd, poison given little by
 * little, petrol at a door, "make it look like an accident", following someone until they are alone, a first-person
 * announcement of a weapon brought to a named person, and imperative sequences (acquire -> approach -> act -> evade).
 * These are rules over a sentence (or a short run of sentences) and are not lowered by the framing of the sentences
 * around them: a plain instruction inside a history lecture is still an instruction. A cue in the sentence itself
 * (a report, a story's past tense, a safety warning) still counts.
 */
import type { ModerationCategory } from '../../spec/v1/moderation.ts';

export interface IntentFinding {
  category: ModerationCategory;
  rule: string;
}

const FIRST_PERSON =
  /\b(?:i'm|i am|i'll|i will|im gonna|i'm gonna|i am going to|i'm going to|we're|we are|we'll|we will|we're going to|imma)\b/;
const ADDRESSED =
  /\b(?:you|your|yourself)\b|^(?:just |then |now |first |next |finally )?(?:keep|drive|aim|put|pour|slip|add|mix|stir|wait|follow|go|get|buy|make|take|use|grab|light|leave|park|hit|push|throw|douse|soak|splash|come|sit|swing)\b/;
const OWN_FRAME =
  /\b(?:police said|was (?:jailed|convicted|sentenced|charged)|were (?:jailed|convicted|sentenced|charged)|court heard|the trial|the inquest|the jury|call the police|call 911|call 999|call 112|prosecutors?|according to|the report|investigators?|should never|warning|warns?|safety|historians?|in \d{4}|once upon a time|the villain|in the novel|in the film|the character)\b/;

const CROWD =
  /\b(?:crowd|crowds|pedestrians|people on the pavement|the queue|parade|marchers|protesters|market|festival|shoppers|the procession|the rally|the crossing|cyclists|cycling club|riders|runners|spectators|fans|supporters|commuters|worshippers|congregation|people (?:outside|on the street|on the pavement|in the square|at the bus stop)|the square|pedestrian street|the march)\b/;
const VEHICLE_HARM =
  /\b(?:foot down|floor it|full speed|full throttle|don't brake|do not brake|don't slow|do not slow|don't stop|do not stop|ram|ramming|plough|plow|mow (?:them|people)|into the crowd|into them|as many as|don't touch the brakes?|at speed|mount the (?:kerb|curb|pavement)|onto the pavement)\b/;
/** Driving with care near people: a parade float, a school run. */
const CAREFUL =
  /\b(?:slowly|slow down|carefully|safely|walking pace|give way|stop at the|stop for them|let them pass)\b/;
const VEHICLE =
  /\b(?:van|truck|lorry|car|vehicle|suv|pickup|pick-up|wheel|brake|accelerator|pedal|engine|drive|driving|foot down|floor it|transit|jeep|bus|tractor|minibus)\b/;

const POISON =
  /\b(?:poison|antifreeze|anti-freeze|rat poison|arsenic|cyanide|thallium|ethylene glycol|oleander|hemlock|foxglove|crushed (?:pills|tablets)|sleeping pills|eye drops|weedkiller|bleach)\b/;
const VICTIM_FOOD =
  /\b(?:his|her|their|your (?:husband|wife|mother|father|boss|partner)|husband's|wife's|mum's|mom's|dad's)\b[^.]{0,30}\b(?:drink|coffee|tea|food|meal|soup|smoothie|wine|beer|dinner|lunch|breakfast|cereal|juice|water|medicine|pills)\b|\b(?:into|in) (?:his|her|their) (?:drink|coffee|tea|food|meal|soup|smoothie|wine|beer|dinner|lunch|breakfast|juice|water)\b/;
const GRADUAL =
  /\b(?:a little|little by little|bit by bit|each day|every day|every morning|every night|each night|small doses|tiny amounts?|over (?:a few |several )?(?:weeks|months|days)|won't notice|won't taste|won't suspect|without (?:him|her|them) noticing|so (?:he|she|they) (?:doesn't|don't|won't) notice|slowly|until (?:he|she|they) (?:gets?|get) (?:sick|weak|ill))\b/;

/** A substance not named, handed over or kept aside ("the powder", "a few drops", "the stuff I gave you"). */
const VAGUE_SUBSTANCE =
  /\b(?:the|this|that|these) (?:powder|drops|stuff|liquid|vial|sachet|little bottle|crystals)\b|\ba few drops\b|\bwhat i gave you\b/;
/** The victim must not find out, or the death must pass for something else. */
const CONCEAL =
  /\b(?:won't|will not|wouldn't|doesn't|don't|never) (?:notice|taste|suspect|know|find out)\b|\bwithout (?:him|her|them) (?:noticing|knowing)\b|\b(?:nobody|no one|no-one) will (?:know|notice|suspect|ask|find out)\b|\b(?:can't|cannot|won't) be traced\b|\buntraceable\b|\b(?:won't|doesn't) show up\b/;

const ACCELERANT = /\b(?:petrol|gasoline|gas can|accelerant|lighter fluid|paraffin|kerosene|diesel|white spirit)\b/;
const DWELLING =
  /\b(?:door|letterbox|letter box|mail slot|house|home|flat|apartment|porch|window|stairwell|hallway|his car|her car|their car|shop|mosque|church|synagogue|temple)\b/;
const IGNITE =
  /\b(?:pour|splash|soak|douse|drench|light|lit|match|ignite|throw|rag|bottle|set (?:it )?(?:on )?fire|set fire|burn (?:it|them|the place) down)\b/;

const ACCIDENT =
  /\b(?:mak(?:e|ing)|made|stage|staging) (?:it|this|that|his death|her death|their deaths?|everything|the fall|the crash) (?:look|seem|appear) (?:like )?(?:an? )?(?:accident|suicide|natural causes|overdose|a fall|accidental)\b|\bnobody will (?:know|suspect) it wasn't an accident\b/;
/** "… look like an accident" said of a person's death; a prop or a stunt made to look like one is not. */
const LOOK_ACCIDENT = /\blook like an accident\b/;
const ACCIDENT_EUROPEAN =
  /\b(?:parezca (?:un )?accidente|parecer (?:un )?accidente|pase por (?:un )?accidente|pareca (?:um )?acidente|parecer (?:um )?acidente|pra parecer acidente|sembri (?:un )?incidente|sembrare (?:un )?incidente|ressemble a un accident|ressembler a un accident|passe pour (?:un )?accident|passer pour (?:un )?accident|wie ein unfall aussieht|wie einen unfall aussehen|wie ein unfall aussehen|nach (?:einem )?unfall aussieht|nach (?:einem )?unfall aussehen)\b/;

const STALK =
  /\b(?:follow|tail|shadow|wait for|watch)\b[^.]{0,60}\b(?:until|when|once|till)\b[^.]{0,50}\b(?:alone|isolated|on (?:her|his) own|nobody (?:is )?around|no one (?:is )?around|dark|deserted|the car park|the parking lot)\b/;
/** Waiting until the person is alone, said in one clause ("wait until she walks to the car park alone"). */
const WAIT_ALONE =
  /\b(?:wait|hang around|lurk)\b[^.,;]{0,15}\b(?:until|till|for)\b[^.,;]{0,50}\b(?:alone|isolated|on (?:her|his) own|nobody (?:is )?around|no one (?:is )?around|deserted|the car park|the parking lot)\b/;
/** Seizing a person, without "take her" (taken to the park, taken pizza). */
const FORCE_IN =
  /\b(?:grab|snatch|bundle|drag|(?:push|pull|shove|throw|force) (?:her|him|them) (?:into|in)|into the (?:van|boot|trunk))\b/;
const SEIZE =
  /\b(?:grab|snatch|bundle|drag|push (?:her|him) into|pull (?:her|him) into|take (?:her|him|them)|throw (?:her|him) in|get (?:her|him) into|into the (?:van|car|boot|trunk))\b/;

const ANNOUNCED_WEAPON =
  /\b(?:bring|bringing|take|taking|carry|carrying|come|coming|show up|showing up|turn up|turning up|pay(?:ing)? (?:\w+ )?a visit)\b[^.]{0,40}\b(?:gun|guns|rifle|shotgun|pistol|handgun|revolver|firearm|ar-15|ak|machete|acid|petrol|gasoline)\b/;
const NAMED_WHEN_WHERE =
  /\b(?:for|to|at|on) [A-Z][a-z]+\b|\b(?:tonight|tomorrow|on (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|this (?:weekend|evening|afternoon|morning)|next week|at (?:\d|noon|midnight|dawn)|depot|office|school|church|mosque|synagogue|his (?:house|place|work)|her (?:house|place|work))\b/i;
const PEACEFUL_WEAPON =
  /\b(?:range|club|gunsmith|cleaning|clean it|repair|service|licen[cs]e|deer|hunt|hunting|season|competition|club|match|museum|display|collection|cake|bread|camping|safe|locked|sell|selling|buyer|valuation|appraisal|the shop)\b/;

/** Parts and fillings of a bomb, named for what they are (ammonium nitrate only with the fuel that makes it one). */
const EXPLOSIVE =
  /\b(?:detonators?|blasting caps?|pipe bombs?|nail bombs?|pressure[- ]cooker bombs?|tatp|acetone peroxide|anfo|ieds?|home-?made (?:bomb|explosive)s?|improvised explosive)\b|\bammonium nitrate\b[^.]{0,40}\b(?:fuel oil|diesel)\b|\bend caps?\b[^.]{0,60}\b(?:powder|nails|ball bearings)\b|\b(?:powder|nails|ball bearings)\b[^.]{0,60}\bend caps?\b/;
/** Putting a device together. */
const ASSEMBLE =
  /\b(?:mix|pack|fill|insert|attach|wire|connect|assemble|tape|seal|screw|solder|add|plant|place|set the timer|arm)\b/;
/** A step of a list ("step 2", "first", "then"), said to the reader. */
const STEP_MARK = /\b(?:step \d+|first|then|next|finally|once it'?s?|after that)\b/;
/** A game's level, a mission or a boss: the device is part of the game. */
const GAME =
  /\b(?:level \d+|boss|mission|quest|respawn|checkpoint|loot|the game|npc|achievement|multiplayer|in-game)\b/;

const ACQUIRE = /\b(?:buy|get|grab|rent|borrow|steal|pick up|order|obtain|bring)\b/;
const APPROACH =
  /\b(?:go to|walk up|drive to|wait (?:for|until|outside|behind|near)|follow|park|get close|approach|find (?:him|her|them)|knock on|ring the bell|sneak|creep|come up behind)\b/;
const ACT =
  /\b(?:hit|grab|push|shove|pour|stab|shoot|swing at|strike|throw|spray|choke|hold|drag|bundle|take|smash|cut|jab|slam|tie)\b[^.]{0,25}\b(?:him|her|them|his|their|the guy|the man|the woman|the kid)\b/;
const EVADE =
  /\b(?:leave|drive off|drive away|walk away|run|get out|burn (?:the|your) clothes|dump|wipe|ditch|change (?:your )?clothes|don't (?:use|take) your phone|leave your phone|cover your face|mask|gloves|nobody (?:saw|sees|will see)|no one (?:saw|sees|will see)|get rid of|bleach|no cameras|avoid the cameras)\b/;
const PERSON = /\b(?:him|her|them|the guy|the man|the woman|the kid|the girl|the boy|he|she|they)\b/;

/** A weapon mentioned with a range, a club, a repair, a hunt or a sale: not brought against anyone. */
export function peacefulWeapon(text: string): boolean {
  return PEACEFUL_WEAPON.test(text);
}

/** The rules that fire on one sentence (lower-cased text), given its original casing for names. */
export function sentenceIntent(text: string, original: string): IntentFinding[] {
  const findings: IntentFinding[] = [];
  if (OWN_FRAME.test(text)) return findings;
  const firstPerson = FIRST_PERSON.test(text);
  const addressed = ADDRESSED.test(text);
  const voice = firstPerson ? 'threats' : 'violent_instructions';
  const vehicle = vehicleIntent(text);
  if (vehicle) findings.push(vehicle);
  if (POISON.test(text) && VICTIM_FOOD.test(text) && (GRADUAL.test(text) || addressed || firstPerson))
    findings.push({ category: voice, rule: 'poison' });
  else if (VAGUE_SUBSTANCE.test(text) && VICTIM_FOOD.test(text) && CONCEAL.test(text) && (addressed || firstPerson))
    findings.push({ category: voice, rule: 'poison' });
  if (ACCELERANT.test(text) && DWELLING.test(text) && IGNITE.test(text) && (addressed || firstPerson))
    findings.push({ category: voice, rule: 'fire' });
  if (ACCIDENT.test(text) || ACCIDENT_EUROPEAN.test(text) || (LOOK_ACCIDENT.test(text) && PERSON.test(text)))
    findings.push({ category: voice, rule: 'accident' });
  if ((STALK.test(text) && SEIZE.test(text)) || (WAIT_ALONE.test(text) && FORCE_IN.test(text)))
    findings.push({ category: voice, rule: 'abduction' });
  if (EXPLOSIVE.test(text) && ASSEMBLE.test(text) && (addressed || STEP_MARK.test(text)) && !GAME.test(text))
    findings.push({ category: 'violent_instructions', rule: 'explosive' });
  if (firstPerson && ANNOUNCED_WEAPON.test(text) && NAMED_WHEN_WHERE.test(original) && !PEACEFUL_WEAPON.test(text))
    findings.push({ category: 'threats', rule: 'announced_weapon' });
  return findings;
}

/** A vehicle driven into a crowd, told to someone or announced; `clauses` are where an instruction may start. */
function vehicleIntent(text: string, clauses: string[] = [text]): IntentFinding | undefined {
  if (!VEHICLE.test(text) || !CROWD.test(text) || !VEHICLE_HARM.test(text) || CAREFUL.test(text)) return undefined;
  const firstPerson = FIRST_PERSON.test(text);
  if (!firstPerson && !clauses.some((clause) => ADDRESSED.test(clause))) return undefined;
  return { category: firstPerson ? 'threats' : 'violent_instructions', rule: 'vehicle' };
}

/**
 * The rules read over two adjacent sentences of a paragraph (lower-cased), for a plan that names the crowd in one and
 * the driving in the next: "The crossing outside St Anne's at 8:40 is the busiest. Come down the hill in the pickup
 * and don't touch the brake." With the wider lists above, over every data set the vehicle rule finds 42 plans and
 * threats instead of 24, and flags the same one benign text as before.
 */
export function pairIntent(first: string, second: string): IntentFinding | undefined {
  if (!VEHICLE.test(first) && !VEHICLE.test(second)) return undefined;
  const joined = `${first} ${second}`;
  return OWN_FRAME.test(joined) ? undefined : vehicleIntent(joined, [first, second]);
}

/**
 * An imperative plan over a run of sentences: someone is told to acquire, approach, act on a person and evade, in
 * at least three of the four steps (acting among them).
 */
export function sequenceIntent(texts: string[]): IntentFinding | undefined {
  // A plan told to someone starts with an instruction; most sentences of a book are not one.
  if (!ADDRESSED.test(texts[0] ?? '')) return undefined;
  const joined = texts.join(' ');
  if (OWN_FRAME.test(joined) || !PERSON.test(joined)) return undefined;
  const imperative = texts.filter((text) => ADDRESSED.test(text)).length;
  if (imperative < 2) return undefined;
  const phases = [ACQUIRE, APPROACH, ACT, EVADE].map((pattern) => pattern.test(joined));
  if (!phases[2] || phases.filter(Boolean).length < 3) return undefined;
  return { category: 'violent_instructions', rule: 'sequence' };
}
