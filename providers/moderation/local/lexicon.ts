/**
 * Word lists and patterns for the local moderator. Each category has trigger patterns (cheap, searched over the whole
 * text) and evidence patterns scored in the window around a trigger. Context patterns (reporting, history, medicine,
 * fairy tales) lower the score of descriptions, never of direct first-person threats or instructions.
 */

const words = (list: string) => list.trim().split(/\s*\|\s*/).join('|');

export const PROTECTED_GROUPS = words(`
  jews | jewish people | muslims | christians | hindus | sikhs | buddhists | arabs | blacks | black people | africans |
  asians | chinese people | mexicans | latinos | hispanics | immigrants | migrants | refugees | gays | gay people | lesbians |
  homosexuals | queers | trans people | transgender people | bisexuals | women | girls | gypsies | roma | romani people |
  disabled people | the disabled | indians | pakistanis | whites | white people | catholics | mormons | atheists | poles |
  irish people | africans | aboriginals | natives | indigenous people | foreigners | jews and muslims`);

/** Slurs: hateful on their own, whatever the sentence says. Kept short and unambiguous. */
/** Singular forms, used after every/each/any/a ("every Jew should …"). */
export const GROUP_SINGULARS = words(`
  jew | muslim | christian | hindu | sikh | arab | black | african | asian | mexican | latino | immigrant | migrant |
  refugee | gay | lesbian | homosexual | trans person | transgender person | woman | gypsy | foreigner | indian | pakistani`);

export const SLURS = words(`
  kike | kikes | nigger | niggers | chink | chinks | spic | spics | wetback | wetbacks | faggot | faggots | tranny | trannies |
  raghead | ragheads | sand nigger | towelhead | towelheads | gook | gooks | kaffir | coon | coons | paki | pakis | dyke | dykes`);

export const DEHUMANIZING = words(`
  vermin | animals | parasites | rats | cockroaches | roaches | subhuman | sub-human | a disease | a cancer | a plague | scum |
  filth | savages | inferior | mongrels | apes | monkeys | pigs | dogs | lice | an infestation | not human | less than human | garbage`);

export const EXTERMINATION = words(`
  die | be killed | be exterminated | be wiped out | be gassed | be shot | be hanged | be lynched | burn | be burned |
  be eliminated | be deported | disappear | go back where they came from | be sterilized | be purged |
  be thrown into the ovens | be locked up and sterilized | be put in camps | be rounded up | be hunted down`);

export const HARM_VERBS = words(`
  kill | murder | shoot | stab | strangle | choke | hurt | beat | bash | burn | bomb | blow up | slit | cut | gut | butcher |
  slaughter | rape | torture | break your | smash your | end you | bury | poison | hang | execute | destroy`);

export const WEAPON_MAKING_OBJECTS = words(`
  bomb | pipe bomb | pipe-bomb | explosive | explosives | ied | molotov | molotov cocktail | napalm | thermite | detonator |
  blasting cap | fuse | nerve agent | sarin | ricin | vx | mustard gas | chlorine gas | anthrax | tatp | acetone peroxide |
  ammonium nitrate | fertilizer bomb | black powder | gunpowder | shrapnel | ghost gun | silencer | suppressor | poison |
  untraceable poison | cyanide | arsenic | nail bomb | car bomb | dirty bomb | incendiary | flamethrower | toxic gas |
  poison gas | bleach and ammonia | gasoline | petrol | pressure cooker`);

/** Everyday phrases that contain weapon words; removed before weapons are counted. */
export const BENIGN_COMPOUNDS = /\b(?:bath bombs?|bomb cyclones?|photo ?bomb(?:ed|ing)?|bombshells?|seed bombs?|bomb squad|smoke detectors?|fire extinguishers?)\b/gi;

export const HOW_TO_CUES = [
  /\bhow (?:to|do (?:i|you)|can (?:i|you)) (?:make|build|assemble|construct|create|prepare|cook|brew|mix|synthesi[sz]e|get|buy|poison|kill|hurt|murder)\b/i,
  /\bstep (?:one|two|three|\d+)\b/i,
  /\b(?:first|next|then|finally),? (?:you )?(?:mix|combine|add|pack|fill|attach|pour|grind|heat|seal|wire|connect|insert|drill|crush|dissolve)\b/i,
  /\byou(?:'ll| will) need\b/i,
  /\b(?:instructions|recipe|tutorial|guide|steps) (?:for|to|on)\b/i,
  /\binstructions\s*:/i,
  /\bthe (?:best|easiest|quickest|simplest|safest) way to\b/i,
  /\b(?:here'?s|here is) how\b/i,
  /^\s*(?:\d+[.)]|-)\s*(?:mix|combine|add|pack|fill|attach|pour|grind|heat|seal|wire|connect|insert|drill|crush|dissolve|take|buy|get)\b/im,
];

export const IMPERATIVE_STEPS = /\b(?:mix|combine|add|pack|fill|attach|pour|grind|heat|seal|wire|connect|insert|drill|crush|dissolve|tape|light|ignite|aim|wait until|sneak|hide the)\b/gi;

export const HARM_GOAL = /\b(?:(?:to|and|so you can|in order to|how (?:to|do i|can i)) (?:kill|poison|hurt|injure|maim|murder|burn|blow up|take out|get rid of) (?:someone|somebody|a person|people|anyone|everyone|(?:your|my) (?:wife|husband|ex|boss|neighbou?r|teacher|classmates?|family|school|mother|father)|him|her|them|as many)|(?:that|which) will kill (?:anyone|everyone|people|them)|shoot up (?:the |a |my )?(?:mall|school|church|mosque|synagogue|office|concert|crowd)|throw it (?:at|into) (?:the )?(?:police|people|crowd|car|house|window))\b/i;

export const SEXUAL_STRONG = words(`
  porn | porno | pornographic | blowjob | blow job | handjob | hand job | orgasm | orgasms | orgasmed | ejaculate | ejaculated |
  ejaculating | cum | cumming | came inside | masturbate | masturbated | masturbating | masturbation | dildo | vibrator |
  anal sex | oral sex | had sex | have sex | having sex | fucked her | fucked him | fucking her | fucking him | fuck me |
  sex scene | erotic | hardcore | deepthroat | creampie | threesome | gangbang | stripped naked | naked body | naked bodies |
  moaned with pleasure | horny | aroused | arousal | lust | cunnilingus | fellatio | sixty-nine | nude photos | nudes`);

export const SEXUAL_ANATOMY = words(`
  penis | cock | dick | vagina | pussy | clitoris | clit | nipples | nipple | breasts | tits | boobs | genitals | testicles |
  balls | erection | erect | hard-on | labia | buttocks | ass | crotch | groin`);

export const SEXUAL_ACTIONS = words(`
  touched | touching | stroked | stroking | licked | licking | sucked | sucking | rubbed | rubbing | fondled | fondling |
  caressed | caressing | thrust | thrusting | grinding | grinded | fingered | traced | rode | riding | spread her legs | spread his legs | moaned | moaning | undressed |
  penetrated | penetrating | squeezed | kissed (?:her|his) (?:breasts|nipples|neck and)`);

export const GORE_PARTS = words(`
  intestines | intestine | entrails | guts | viscera | bowels | organs | brains | brain | skull | eyeball | eyeballs | eye socket |
  socket | flesh | skin | bone | bones | marrow | spine | jaw | throat | stomach | belly | limbs | limb | head | tendons |
  tendon | arteries | artery | blood | fingers | fingernails | ear | tongue | ribs | muscles | nerve | legs | arm | neck |
  face | maggots | sternum | groin | corpse`);

export const GORE_ACTIONS = words(`
  spilled | spilling | spilt | oozed | oozing | spurted | spurting | sprayed | spraying | splattered | splattering |
  gushed | gushing | dripping | ripped | ripping | tore | torn | tearing | peeled | peeling | flayed | severed | hacked |
  sawed | gouged | crushed | cracked | burst | bursting | pulped | mangled | shredded | sliced | slit | dangled | dangling |
  slid out | spilled out | stumps | raw | opened | cut off | peeled away | ripped off | torn off |
  exposed | steaming | spewed | spewing | pulsing | squirting | mutilated | shattered | caved | pulled out | spill |
  twisted | pumping | splintering | squirmed | chewed | chewing | slice | cut open | hung | rotting | gurgled | split`);

export const GORE_STRONG = words(`
  disembowel | disemboweled | disembowelled | eviscerate | eviscerated | decapitated | decapitation | beheaded | dismembered |
  dismemberment | flayed | skinned alive | brain matter | gaping wound | rotting flesh | gouged out (?:his|her|their) eyes | brains splattered | guts spilled |
  entrails spilled | skull caved in | skull split | pool of blood and brain | ripped (?:his|her|their) (?:throat|stomach|guts) out`);

export const FAIRY_TALE = /\b(?:once upon a time|happily ever after|fairy|princess|prince|dragon|witch|wizard|goblin|troll|ogre|giant|big bad wolf|the wolf|little red|grandmother's house|enchanted|the three little pigs|gingerbread|the huntsman|magic)\b/i;

export const REPORTING = /\b(?:police (?:said|say|reported)|according to|was (?:convicted|charged|sentenced|arrested|accused|found guilty)|were (?:convicted|charged|sentenced|arrested)|prosecutors?|the court|court heard|trial|jury|investigators?|authorities|officials said|reported(?:ly)?|allegedly|alleged|the victim|victims|survivors?|witnesses said|testified|historians?|in \d{4}|during the war|the regime|propaganda|was condemned|condemned|denounced|the (?:article|report|study|documentary)|journalists?|newspaper|the bbc|reuters|associated press|news)\b/i;

export const MEDICAL = /\b(?:patient|patients|doctor|doctors|physician|nurse|clinic|clinical|surgeon|surgery|surgical|diagnos\w*|symptom\w*|treatment|medical|medicine|hospital|exam(?:ination)?|screening|biopsy|anatomy|cancer|tumou?r|infection|disease|therapy|health|puberty|biology|textbook|procedure|anesthe\w*|anaesthe\w*|vaccine|pregnan\w*|obstetric\w*|gyn\w*|urolog\w*)\b/i;

export const FICTION_THREAT_SPEAKERS = /\b(?:said the (?:wolf|giant|dragon|witch|troll|ogre|monster|villain|pirate|king|queen)|growled the|roared the|cackled)\b/i;
