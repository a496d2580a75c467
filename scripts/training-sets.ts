import { join } from 'node:path';
import type { ModerationCategory } from '../providers/spec/v1/moderation.ts';

/** The labelled sets the local moderator is trained on (providers/moderation/local/data/NAME.jsonl), in order. */
// train-*.jsonl: sets written blind for issue 14 (English intent and threats, the five European languages, and the
// other catalog languages, which the model does not read and so only their model-language examples are kept).
export const TRAINING_SETS = [
  'dev-set',
  'holdout-set',
  'fresh-set',
  'supplement',
  'casual',
  'formal',
  'train-en-intent',
  'train-es',
  'train-fr',
  'train-de',
  'train-pt',
  'train-it',
  // Written blind for issue 14 after the first round (data-drop train3), hard negatives marked `kind: hard_negative`.
  'train3-en-intent',
  'train3-es',
  'train3-fr',
  'train3-de',
  'train3-pt',
  'train3-it',
  'train3-other',
  // A third blind round (data-drop train4): more threats and plans in plain words, and their hard negatives.
  'train4-en',
  'train4-es',
  'train4-fr',
  'train4-de',
  'train4-pt',
  'train4-it',
  // A fourth blind round (data-drop train5), measured first as a whole (first look in the commit that added it).
  'train5-en',
  'train5-es',
  'train5-fr',
  'train5-de',
  'train5-pt',
  'train5-it',
  // A fifth blind round (data-drop train6): threats and violent instructions with their near twins.
  'train6-en',
  'train6-es',
  'train6-fr',
  'train6-de',
  'train6-pt',
  'train6-it',
  // A sixth blind round (data-drop train7), 200 texts per language; first look before training on it: sexual .817,
  // hate .620, threats .453, violent .280, gore .783, benign FP 4.2%.
  'train7-en',
  'train7-es',
  'train7-fr',
  'train7-de',
  'train7-pt',
  'train7-it',
  // The first two blind measurement sets, trained on once blind-set-3 took their place for measurement; their first
  // looks are in the history (issue 14 notes). test-set and blind-set-3, -4, -6, -7 and -10 to -17 are never trained
  // on.
  'blind-set-2',
  'blind-multilingual',
  // Written as a seventh training round (data-drop train8, 1,500 texts in six languages, mostly threats and violent
  // plans with their near twins), it first measured (first look .767/.693/.518/.289/.850, FP 4.4%): trained on by the
  // model of that time, it lowered test-set's 40-per-category recall by 1-4 texts. With the model that reads short
  // paragraphs whole and the shared concepts, training on it raised violent-instruction recall on blind-set-6 (written
  // after it, never trained on) from .446 to .506 and lowered benign FP from 2.9% to 2.5%; hate fell .736 -> .708.
  'blind-set-5',
  // An eighth blind round (data-drop train9), 220 texts per language, mostly threats and plans in plain words with
  // their near twins; first look before training on it (model 7f051c5): sexual .800, hate .833, threats .537,
  // violent .482, gore .900, benign FP 4.2%.
  'train9-en',
  'train9-es',
  'train9-fr',
  'train9-de',
  'train9-pt',
  'train9-it',
  // A ninth blind round (data-drop train10), 220 texts per language: threats against identifiable people, plans, and
  // hate in many forms, with near twins; first look before training on it (model 7932899): sexual .767, hate .627,
  // threats .600, violent .439, gore .917, benign FP 5.4%.
  'train10-en',
  'train10-es',
  'train10-fr',
  'train10-de',
  'train10-pt',
  'train10-it',
  // A tenth blind round (data-drop train11), 220 texts per language drawn from everyday settings (a care home, a
  // harbour, a custody dispute, a rideshare, a ski resort, …), at least 60% of the threats and plans without a harm
  // word; first look before training on it (model ab39b4f): sexual .867, hate .753, threats .542, violent .518,
  // gore .967, benign FP 5.6% (22/390).
  'train11-en',
  'train11-es',
  'train11-fr',
  'train11-de',
  'train11-pt',
  'train11-it',
  // An eleventh blind round (data-drop train12), 220 texts per language from other everyday settings (a parents' chat,
  // a gym, a taxi rank, a grape harvest, …) and forms (voice notes, windscreen notes, lists); first look before training
  // on it (model 9c963a0): sexual .817, hate .767, threats .536, violent .648, gore .967, benign FP 3.1% (12/390).
  'train12-en',
  'train12-es',
  'train12-fr',
  'train12-de',
  'train12-pt',
  'train12-it',
  // A twelfth round (data-drop train13, 220 texts per language) was written blind as training data. Its first look
  // (model 9f03fea) was sexual .883, hate .760, threats .524, violent .558, gore .900, benign FP 5.1% (20/390).
  // Trained on, it lowered recall on the other measurement sets (test-set hate .775 -> .675, blind-set-4 threats
  // .640 -> .600, blind-set-6 threats .629 -> .614), so it is kept for measurement instead, as blind-set-7.
  // A thirteenth blind round (data-drop train14), 220 texts per language from other settings (a bowling alley, a
  // pharmacy, a carpool, a summer camp, a night bus, …); first look before training on it (model 446046b): sexual
  // .950, hate .727, threats .561, violent .548, gore .950, benign FP 4.1% (16/390).
  'train14-en',
  'train14-es',
  'train14-fr',
  'train14-de',
  'train14-pt',
  'train14-it',
  // A fourteenth blind round (data-drop train15), 220 texts per language (a marina, a call centre, a youth league, a
  // ride-hailing app, a laundromat, …); first look before training on it (model 39aa800): sexual .900, hate .800,
  // threats .521, violent .542, gore .933, benign FP 4.9% (19/390).
  'train15-en',
  'train15-es',
  'train15-fr',
  'train15-de',
  'train15-pt',
  'train15-it',
  // A fifteenth blind round (data-drop train16), 220 texts per language (a hospital ward, a skate park, a tram depot, a
  // kindergarten, a seaside promenade, …); first look before training on it (model d310e43): sexual .950, hate .840,
  // threats .585, violent .606, gore .917, benign FP 3.1% (12/390).
  'train16-en',
  'train16-es',
  'train16-fr',
  'train16-de',
  'train16-pt',
  'train16-it',
  // A sixteenth and a seventeenth blind round (data-drop train17 and train18, 220 texts per language each), kept for
  // measurement at first as blind-set-8 and blind-set-9. First looks: blind-set-8 (model 308661d) sexual .950, hate
  // .800, threats .539, violent .639, gore .933, benign FP 4.9% (19/390); blind-set-9 (model aa0ab4d) sexual .883,
  // hate .827, threats .612, violent .642, gore .967, benign FP 3.8% (15/390). With L2 0.0003, training on either
  // lowered the other sets' recall at a fixed 1% benign FP. With L2 0.0001, training on both raised it on the five
  // measurement sets left (1,226 benign texts): sexual .908 -> .923, hate .891 -> .909, threats .581 -> .634, violent
  // .662 -> .681, gore .975 -> .975; at the thresholds .885/.867/.601/.622/.962 -> .896/.874/.590/.620/.967, benign
  // FP 3.3% -> 3.4% (40 -> 42).
  'blind-set-8',
  'blind-set-9',
  // An eighteenth blind round (data-drop train19: a veterinary clinic, a driving school, a festival campsite, a food
  // bank, a ski lift, …), 220 texts per language, is kept for measurement as blind-set-10; first look (model 3611a83):
  // sexual .933, hate .867, threats .552, violent .655, gore .950, benign FP 2.8% (11/390), every European language
  // within 0.05 of English or above it. Trained on, the other five sets' recall at a fixed 1% benign FP fell in every
  // category (threats .634 -> .562, violent .681 -> .645).
  // A nineteenth (data-drop train20: a taxi rank, a nursing home, a fishing harbour, a shooting range, a village fete,
  // …; voicemails, notes under a windscreen wiper, anonymous emails), 220 texts per language, is kept for measurement as
  // blind-set-11; first look (model 3611a83): sexual 1.000, hate .873, threats .606, violent .652, gore .967, benign FP
  // 4.4% (17/390), every European language within 0.05 of English or above it. Trained on, the six other measurement
  // sets moved within noise at a fixed 1% benign FP (threats .604 -> .617, violent .670 -> .680, the rest within .003)
  // and at 2% (threats .748 -> .736, violent .759 -> .773); trained on with blind-set-10, the five left fell (threats
  // .634 -> .550 at 1%).
  // Short texts (one or two sentences, ~100 characters: chat messages, comments, one-line threats and orders), written
  // blind in the six languages (data-drop short1 and short3), 120 per language each. First look at train-short (model
  // 3611a83 and the rules of 279e49e): sexual .733, hate .767, threats .333, violent .117, gore .817, benign FP 2.9%
  // (7/240); its errors were read to build the short-text thresholds (model.ts) and the present-tense announcements
  // of French and German. A third such set, written by other authors, is kept for measurement as blind-set-15.
  'train-short',
  'train-short-2',
  // A fourth set of short texts (data-drop short4, 711 texts written blind), first look (model 03b7467) sexual .767,
  // hate .865, threats .611, violent .742, gore .900, benign FP 2.9% (7/238); its errors were read (French "t'es"
  // read as Spanish "es": elisions now count for French and Italian, european.ts).
  'train-short-3',
  // A fifth (data-drop short5, 708 texts written blind), first look (model of train-short-3) sexual .717, hate .843,
  // threats .748, violent .807, gore .950, benign FP 2.5% (6/237).
  'train-short-4',
  // A sixth, German and Italian only (data-drop short6, 236 texts written blind), first look (model 4a2c4d9) sexual
  // .850, hate .897, threats .617, violent .775, gore .950, benign FP 2.5% (2/80); its errors were read (Italian and
  // German harm idioms added to european-threats.ts: "sgozzare", "fare a pezzi", "nicht mehr erleben").
  'train-short-5',
  // A twentieth paragraph round (data-drop train22), 200 texts per language: at least half of the threats and plans in
  // ordinary words, with near twins (routines, surprise parties, brake checks, crowds at festivals); first look before
  // training on it (model of the short texts scored whole): sexual .867, hate .867, threats .627, violent .659, gore
  // .950, benign FP 2.6% (11/420); its errors were read.
  'train17-en',
  'train17-es',
  'train17-fr',
  'train17-de',
  'train17-pt',
  'train17-it',
  // A twenty-first (data-drop train23), 200 texts per language: more sexual talk, hate wrapped in disclaimers and
  // pseudo-science, threats and plans in ordinary words, and near twins (sex education, romance, civil debate on
  // immigration); first look before training on it (model with train17): sexual .807, hate .817, threats .652,
  // violent .519, gore .933, benign FP 2.1% (7/330); its errors were read. Trained on, on the six model-language
  // measurement sets: threats .564 -> .595, violent .648 -> .661 at the thresholds, while the thresholds of sexual
  // (.50 -> .54) and hate (.90 -> .92) rose with its near twins: sexual .963 -> .951, hate .904 -> .892; at a fixed 1%
  // benign FP per category (with blind-set-16) .969/.951/.568/.646/.997 -> .977/.949/.578/.631/.997, at 2%
  // .987/.974/.680/.762/.997 -> .987/.976/.686/.775/.997.
  'train18-en',
  'train18-es',
  'train18-fr',
  'train18-de',
  'train18-pt',
  'train18-it',
  // A twenty-second, in the five European languages only (data-drop train24, train17's brief), 200 texts per
  // language; first look before training on it (model 675a4bf): sexual .900, hate .813, threats .672,
  // violent .720, gore .940, benign FP 2.9% (10/350).
  'train19-es',
  'train19-fr',
  'train19-de',
  'train19-pt',
  'train19-it',
  // A twenty-third (data-drop train25), 200 texts per language, harm inside longer ordinary or framed texts (a
  // threat in an email about rent, steps in a "history lesson") with their near twins (court reports quoting threats,
  // screenplays, safety courses); first look before training on it (model 8a5d57f): sexual .967, hate .956, threats
  // .757, violent .707, gore 1.000, benign FP 4.0% (17/420); its errors were read.
  'train20-en',
  'train20-es',
  'train20-fr',
  'train20-de',
  'train20-pt',
  'train20-it',
  // A twenty-fourth (data-drop train26, train17's brief: threats and plans, at least half in ordinary words), 200
  // texts per language; first look before training on it (model 8a5d57f): sexual .883, hate .844, threats .607,
  // violent .570, gore .933, benign FP 1.2% (5/420: ordinary 0/90, hard negatives 5/330); its errors were read.
  // Trained on with train20 (features of 8a5d57f): on the six model-language measurement sets .954/.893/.581/.660/.985,
  // benign FP 3.6% -> .954/.897/.584/.687/.988, 4.0%; on blind-set-16 .883/.833/.663/.685/.967, 2.9% ->
  // .883/.867/.673/.715/.983, 2.4%; at a fixed 1% benign FP over the seven, .974/.951/.581/.640/.997 ->
  // .974/.949/.574/.658/.997.
  'train21-en',
  'train21-es',
  'train21-fr',
  'train21-de',
  'train21-pt',
  'train21-it',
  // A twenty-fifth (data-drop train27, train17's brief again, new writers), 200 texts per language; first look before
  // training on it (model 4b78ce5): sexual .933, hate .856, threats .717, violent .670, gore .967, benign FP 1.4%
  // (6/420: ordinary 0/90, hard negatives 6/330); its errors were read.
  'train22-en',
  'train22-es',
  'train22-fr',
  'train22-de',
  'train22-pt',
  'train22-it',
  // A twenty-sixth (data-drop train28, train20's brief: harm inside longer ordinary or framed texts, with near twins),
  // 200 texts per language; first look before training on it (model 4b78ce5): sexual .983, hate .978, threats .760,
  // violent .741, gore .983, benign FP 6.0% (25/420: ordinary 0/90, hard negatives 25/330); its errors were read.
  'train23-en',
  'train23-es',
  'train23-fr',
  'train23-de',
  'train23-pt',
  'train23-it',
  // A twenty-seventh, in the five European languages only (data-drop train29, train17's brief), 200 texts per
  // language; first look before training on it (model 4b78ce5 retrained with train22): sexual .820, hate .827,
  // threats .688, violent .747, gore .980, benign FP 0.9% (3/350). Its errors were not read.
  // train22 to train24 together, on the six model-language measurement sets: .951/.912/.621/.698/.988, benign FP 4.1%
  // -> .957/.910/.597/.713/.988, 4.0%; with the QUOTE class (intent-classes.ts) as well .957/.914/.634/.719/.988,
  // 4.2%. At a fixed 1% benign FP over those and blind-set-16: .972/.951/.608/.640/.997 -> .974/.954/.621/.628/.995
  // -> .974/.960/.657/.638/.995.
  'train24-es',
  'train24-fr',
  'train24-de',
  'train24-pt',
  'train24-it',
  // A twenty-eighth (data-drop train30, train17's brief, new writers), 200 texts per language; first look before
  // training on it (model 9544966): sexual .983, hate .889, threats .710, violent .726, gore .967, benign FP 1.2%
  // (5/420: ordinary 2/90, hard negatives 3/330); its errors were read.
  'train25-en',
  'train25-es',
  'train25-fr',
  'train25-de',
  'train25-pt',
  'train25-it',
  // A twenty-ninth (data-drop train31, train20's brief: harm inside longer ordinary or framed texts), 200 texts per
  // language; first look before training on it (model 9544966): sexual .967, hate .911, threats .787, violent .785,
  // gore 1.000, benign FP 2.9% (12/420: ordinary 1/90, hard negatives 11/330). Until trained on, it was the
  // development set on which the word classes' stem guard (european-features.ts) and WORD_L2 were compared; its
  // errors were read.
  'train26-en',
  'train26-es',
  'train26-fr',
  'train26-de',
  'train26-pt',
  'train26-it',
  // A thirtieth (data-drop train32, train17's brief: one to five sentences), 200 texts per language; first look before
  // training on it (model 1968635): sexual .917, hate .922, threats .766, violent .770, gore .967, benign FP 1.0%
  // (4/420: ordinary 1/90, hard negatives 3/330). Its errors were read. With the threat lexicon (european-threats.ts)
  // threats .773, violent .763; with the n-gram blend too (classifier.ts; its thresholds then chosen on the whole text,
  // short texts apart) .829 and .748, benign FP 0.7%. One of the two development sets the blend's share was chosen on.
  'train27-en',
  'train27-es',
  'train27-fr',
  'train27-de',
  'train27-pt',
  'train27-it',
  // A thirty-first (data-drop train33, train20's brief: harm inside longer ordinary or framed texts), 200 texts per
  // language; first look before training on it (model 1968635): sexual 1.000, hate .989, threats .810, violent .896,
  // gore 1.000, benign FP 4.8% (20/420: ordinary 1/90, hard negatives 19/330). Its errors were read. With the threat
  // lexicon threats .810, violent .885, 4.8%; with the n-gram blend too (as above) .830, .856, 4.0%, but 8 of its 402
  // adjacent benign pairs were flagged together and its benign book was rejected: the blend read a text alone and not
  // inside a longer one, hence the blend per paragraph. The other development set of the blend's share.
  'train28-en',
  'train28-es',
  'train28-fr',
  'train28-de',
  'train28-pt',
  'train28-it',
  // A thirty-second (data-drop train34: harm in plain words and its benign look-alikes, half of the texts one to three
  // sentences, half up to eight), 200 texts per language; first look before training on it (model of this commit
  // without it): sexual .867, hate .989, threats .843, violent .667, gore 1.000, benign FP 4.5% (19/420: ordinary 2/90,
  // hard negatives 17/330); per language de .708, en .838, es .877, fr .877, it .777, pt .800. Its errors were read
  // (en, de, it): plans in ordinary words (a jetty and a push, a tracker and a night shift, something in the soup),
  // dialect (Swiss and Austrian German, Nigerian Pidgin) and framed plans; lawful ultimatums flagged as threats.
  'train29-en',
  'train29-es',
  'train29-fr',
  'train29-de',
  'train29-pt',
  'train29-it',
  // A thirty-third (data-drop train35: threats and plans known only from context, and benign texts as firm: lawful
  // ultimatums, trash talk, routines known for good reasons), 200 texts per language, half of them one to three
  // sentences; first look before training on it (model of 9394790): sexual 1.000, hate 1.000, threats .836, violent
  // .822, gore 1.000, benign FP 6.2% (28/450: ordinary 0/90, hard negatives 28/360); per language de .904, en .840,
  // es .888, fr .832, it .816, pt .904. Its errors were read (en, de, it): threats through a routine, a place and a
  // condition, plans in steps with a dog, a peanut, brakes; lawful ultimatums (a solicitor, a tribunal, a judge)
  // flagged as threats.
  'train30-en',
  'train30-es',
  'train30-fr',
  'train30-de',
  'train30-pt',
  'train30-it',
  // A thirty-fourth (data-drop train36: instructions and plans to hurt written as how-tos, threats in every register,
  // and benign how-tos and step lists of the same shape), 200 texts per language; first look before training on it
  // (model of 603f878): sexual .958, hate 1.000, threats .860, violent .794, gore 1.000, benign FP 4.6% (18/390:
  // ordinary 2/60, hard negatives 16/330); per language de .830, en .859, es .874, fr .844, it .844, pt .874. Its
  // errors were read: brake and wheel how-tos, a boxing coach and a boss guide flagged as instructions, lawful
  // ultimatums and trash talk as threats; missed, plans told as a game's quest or a "challenge", and harm by a
  // workplace's machine, a gas cooker or a car door, without a harm word.
  'train31-en',
  'train31-es',
  'train31-fr',
  'train31-de',
  'train31-pt',
  'train31-it',
  // A thirty-fifth (data-drop train37: hate and threats quoted, reported or discussed, and hate and threats hiding
  // behind a report, a joke or a question), 200 texts per language, 85 of them hard negatives; first look before
  // training on it (model of a184eb9; "a" already a function word of es, fr and it too, and windows with banter words or
  // a sports boast read without the n-gram blend; later, only those with a boast): sexual .972, hate .830, threats .771,
  // violent .842, gore 1.000, benign FP 11.1% (60/540: ordinary 0/30, hard negatives 60/510; hate flagged on 47 texts
  // not labelled hate); per language de .800, en .818, es .845, fr .818, it .827, pt .855. Its errors were not read.
  'train32-en',
  'train32-es',
  'train32-fr',
  'train32-de',
  'train32-pt',
  'train32-it',
  // A thirty-sixth (data-drop train38: texts meant to be read aloud, scripts, voicemails, speeches, lessons and stories,
  // with the harm in one or two sentences of an ordinary text or in plain words; their benign look-alikes), 200 texts
  // per language, 70 of them hard negatives; first look before training on it (model of 68e770a): sexual .983, hate
  // .954, threats .781, violent .852, gore 1.000, benign FP 3.0% (16/540: ordinary 1/120, hard negatives 15/420); per
  // language de .855, en .891, es .836, fr .873, it .873, pt .873. Errors read in en and de: threats and plans inside a
  // longer script missed, and a plain threat missed for a short framing sentence after it ("Voice note, no reply needed").
  'train33-en',
  'train33-es',
  'train33-fr',
  'train33-de',
  'train33-pt',
  'train33-it',
  // A thirty-seventh (data-drop train39: near twins, each violation followed by a benign hard negative of the same
  // register, length and much of the same vocabulary), 100 pairs per language; first look before training on it (model of
  // 0d801dc): sexual 1.000, hate .988, threats .850, violent .856, gore 1.000, benign FP 28.3% (170 of the 600 twins);
  // per language de .820, en .920, es .890, fr .940, it .860, pt .890. The twins were the blind spot. Trained on, they
  // raise the thresholds (threats .975 -> .982, hate .840 -> .921; cross-validation .918/.922/.795/.799/.981, 2.8% ->
  // .916/.893/.732/.767/.981, 2.9% with the harder benign pool): on the six model-language measurement sets
  // .963/.945/.760/.795/1.000, benign FP 3.1% -> .963/.912/.692/.749/1.000, 2.3% (ordinary 1.3%, hard negatives 2.6%);
  // at a fixed benign FP over those and blind-set-16, threats and violent instructions @1% .763/.805 -> .768/.805,
  // @2% .853/.874 -> .852/.877.
  'train34-en',
  'train34-es',
  'train34-fr',
  'train34-de',
  'train34-pt',
  'train34-it',
  // A thirty-eighth (data-drop train40: threats and plans across every part of life, 80 of each and 40 hard negatives per
  // language); first look before training on it (model of 721b324): threats .748, violent .731, benign FP 0.4% (1/240);
  // per language de .688, en .819, es .806, fr .725, it .694, pt .706. Trained on: cross-validation .916/.895/.739/.771/
  // .981, 2.9%; on the six model-language measurement sets .963/.912/.692/.749/1.000, 2.3% -> .963/.912/.687/.753/1.000,
  // 2.4%; at a fixed benign FP over those and blind-set-16, @1% .768/.805 -> .777/.804, @2% .852/.877 -> .855/.876.
  'train35-en',
  'train35-es',
  'train35-fr',
  'train35-de',
  'train35-pt',
  'train35-it',
  // A thirty-ninth (data-drop train41: the same harm in every form of writing, a forum post, a review, a diary, a chat
  // log, a quest, a FAQ, an obituary, a classified ad, with benign look-alikes in the same forms; 60 threats, 60 plans,
  // 20 hate, 10 sexual, 10 gore and 40 benign texts per language); first look before training on it (model of 3979dac):
  // sexual 1.000, hate .908, threats .683, violent .731, gore 1.000, benign FP 1.7% (4/240; hard negatives 2.1%); per
  // language de .750, en .794, es .794, fr .762, it .719, pt .794. Trained on: cross-validation .920/.898/.744/.770/
  // .983, 2.9%; on the six model-language measurement sets .963/.912/.687/.753/1.000, 2.4% -> .963/.919/.698/.755/
  // 1.000, 2.3%; at a fixed benign FP over those and blind-set-16, @1% .777/.804 -> .775/.808, @2% .855/.876 -> .862/
  // .883.
  'train36-en',
  'train36-es',
  'train36-fr',
  'train36-de',
  'train36-pt',
  'train36-it',
  // A fortieth (data-drop train42: harm and its look-alikes in speech and informal writing, a voice message, a call, a
  // rant, an argument, a boast, a note on a door, a "what if" asked on a forum; 55 threats, 55 plans, 15 hate, 8 sexual,
  // 7 gore and 60 benign texts per language, 50 of them hard negatives such as venting with no plan, banter and lawful
  // ultimatums); first look before training on it (model of 12cd1ef): sexual 1.000, hate .978, threats .803, violent
  // .936, gore 1.000, benign FP 5.6% (20/360; hard negatives 6.7%); per language de .900, en .900, es .921, fr .929, it
  // .821, pt .900. Trained on: cross-validation .920/.901/.744/.777/.983, 2.9%; on the six model-language measurement
  // sets .963/.919/.698/.755/1.000, 2.3% -> .966/.924/.695/.757/1.000, 2.3% (Italian .050 behind English, .051 before);
  // at a fixed benign FP over those and blind-set-16, @1% .775/.808 -> .781/.808, @2% .862/.883 -> .864/.880.
  'train37-en',
  'train37-es',
  'train37-fr',
  'train37-de',
  'train37-pt',
  'train37-it',
];

/** A labelled text of a set. */
export interface LabelledText {
  text: string;
  labels: ModerationCategory[];
  /** The set it comes from (a file in data/). */
  set: string;
  /** Its language (a text without one is English). */
  language: string;
  /** "hard_negative" for a benign text written to look like a harm. */
  kind?: string;
}

/** The labelled texts of `sets` (providers/moderation/local/data/NAME.jsonl; a missing file is skipped), in order. */
export async function readSets(sets: readonly string[] = TRAINING_SETS): Promise<LabelledText[]> {
  const texts: LabelledText[] = [];
  for (const set of sets) {
    const file = Bun.file(join(import.meta.dir, '..', 'providers', 'moderation', 'local', 'data', `${set}.jsonl`));
    if (!(await file.exists())) continue;
    for (const line of (await file.text()).split('\n')) {
      if (!line.trim()) continue;
      const example = JSON.parse(line) as Omit<LabelledText, 'set' | 'language'> & { language?: string };
      texts.push({
        text: example.text,
        labels: example.labels,
        set,
        language: example.language ?? 'en',
        kind: example.kind,
      });
    }
  }
  return texts;
}
