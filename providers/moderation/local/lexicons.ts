/**
 * The catalog languages the learned model does not read (zh, ja, ko, tr, ar, hi, bn): explicit threats, slurs, sexual
 * terms and weapon-making vocabulary, matched as written. This catches the plain cases only; with a second provider
 * configured (RECITE_MODERATION=local,openai) every sentence in these languages is also sent to it (see cascade.ts).
 * The lists are written from the policy, not from any test text.
 */
import type { ModerationCategory } from '../../spec/v1/moderation.ts';

export type LexiconLanguage = 'zh' | 'ja' | 'ko' | 'tr' | 'ar' | 'hi' | 'bn';
export const LEXICON_LANGUAGES: readonly LexiconLanguage[] = ['zh', 'ja', 'ko', 'tr', 'ar', 'hi', 'bn'];

type Lexicon = Partial<Record<ModerationCategory, string[]>>;

const LEXICONS: Record<LexiconLanguage, Lexicon> = {
  zh: {
    threats: [
      '我要杀了你',
      '我会杀了你',
      '杀了你',
      '弄死你',
      '宰了你',
      '我要杀死',
      '我会杀死',
      '我要砍死',
      '砍死你',
      '打死你',
      '我要炸了',
      '我知道你住在哪',
      '你死定了',
      '要你的命',
      '我要报复你',
      '我要杀了他',
      '我要杀了她',
      '我要杀掉',
      '捅死你',
    ],
    hate: ['支那猪', '黑鬼', '尼哥', '死基佬', '小日本鬼子', '日本鬼子', '阿三', '绿绿', '回回猪'],
    sexual: [
      '操你',
      '肏',
      '鸡巴',
      '阴茎',
      '阴道',
      '屄',
      '口交',
      '肛交',
      '做爱',
      '性交',
      '自慰',
      '色情片',
      '淫荡',
      '高潮了',
      '乳头',
      '舔她',
      '舔他',
    ],
    violent_instructions: [
      '制作炸弹',
      '制造炸弹',
      '自制炸弹',
      '炸弹的做法',
      '怎么做炸弹',
      '如何制作炸药',
      '制作炸药',
      '自制枪',
      '制造枪支',
      '土制炸弹',
      '管状炸弹',
      '燃烧瓶的做法',
      '如何下毒',
      '怎么下毒',
      '投毒',
      '雷管',
    ],
  },
  ja: {
    threats: [
      '殺してやる',
      'ぶっ殺す',
      'ぶっ殺してやる',
      'ころしてやる',
      '殺すぞ',
      'お前を殺す',
      'おまえを殺す',
      '刺し殺す',
      '爆破してやる',
      '家は知ってる',
      '住所は知ってる',
      '覚悟しろ',
      '死ね',
      '火をつけてやる',
      '燃やしてやる',
    ],
    hate: ['シナ人', '支那人', 'ニガー', 'ホモ野郎', 'ゴキブリ朝鮮人', '朝鮮人は死ね', '在日は出て行け', 'クロンボ'],
    sexual: [
      'セックス',
      'ちんぽ',
      'ちんこ',
      'まんこ',
      'おまんこ',
      'フェラ',
      'クンニ',
      '中出し',
      '挿入',
      'オナニー',
      '乳首',
      '勃起',
      'エロ動画',
      'アダルト動画',
      '射精',
    ],
    violent_instructions: [
      '爆弾の作り方',
      '爆弾を作る',
      '爆弾を作り',
      '爆薬の作り方',
      '爆薬を作る',
      '銃の作り方',
      '銃を作る',
      '毒の盛り方',
      '毒を盛る',
      'パイプ爆弾',
      '火炎瓶の作り方',
      '起爆装置',
    ],
  },
  ko: {
    threats: [
      '죽여버릴',
      '죽여 버릴',
      '죽일 거야',
      '죽일거야',
      '죽이겠다',
      '죽여버린다',
      '찔러 죽',
      '쏴 죽',
      '너 죽었어',
      '어디 사는지 알아',
      '집 주소 알아',
      '불 질러 버릴',
      '폭파하겠다',
      '가만두지 않겠',
    ],
    hate: ['짱깨', '쪽바리', '흑형', '깜둥이', '똥꼬충', '게이새끼', '장애인 새끼', '김치녀', '한남충', '틀딱'],
    sexual: [
      '섹스',
      '자지',
      '보지',
      '좆',
      '펠라',
      '사까시',
      '야동',
      '자위',
      '삽입',
      '젖꼭지',
      '발기',
      '사정했',
      '야한 동영상',
    ],
    violent_instructions: [
      '폭탄 만드는',
      '폭탄 만들기',
      '폭탄을 만드는',
      '폭탄 제조',
      '폭발물 제조',
      '폭발물 만드는',
      '총 만드는',
      '총기 제작',
      '독을 타는',
      '독살하는 방법',
      '파이프 폭탄',
      '화염병 만드는',
      '기폭장치',
    ],
  },
  tr: {
    threats: [
      'seni oldurecegim',
      'seni olduruecegim',
      'seni gebertecegim',
      'oldurecegim seni',
      'gebertecegim',
      'seni bicaklayacagim',
      'seni vuracagim',
      'evini biliyorum',
      'nerede oturdugunu biliyorum',
      'kafana sikacagim',
      'seni yakacagim',
      'ailene zarar verecegim',
      'olumun benim elimden olacak',
    ],
    hate: [
      'pis arap',
      'pis suriyeli',
      'pis kurt',
      'pis yahudi',
      'ibne',
      'ibneler',
      'zenci',
      'cingene pisligi',
      'gavur',
      'gavurlar',
    ],
    sexual: [
      'sikerim',
      'amcik',
      'yarrak',
      'yarak',
      'orospu',
      'porno',
      'seks yap',
      'oral seks',
      'anal seks',
      'mastürbasyon',
      'masturbasyon',
      'meme ucu',
    ],
    violent_instructions: [
      'bomba yapimi',
      'bomba nasil yapilir',
      'bomba yapmak icin',
      'patlayici yapimi',
      'patlayici nasil yapilir',
      'el yapimi bomba',
      'boru bombasi',
      'molotof kokteyli nasil',
      'silah yapimi',
      'zehirlemek icin',
      'nasil zehirlenir',
      'fitil ve detonator',
    ],
  },
  ar: {
    threats: [
      'سأقتلك',
      'سوف أقتلك',
      'سوف اقتلك',
      'ساقتلك',
      'راح أقتلك',
      'راح اقتلك',
      'بقتلك',
      'سأذبحك',
      'سأطعنك',
      'سأحرق بيتك',
      'أعرف أين تسكن',
      'اعرف اين تسكن',
      'سأفجر',
      'ستموت',
      'دمك حلال',
      'سأقتله',
      'سأقتلها',
    ],
    hate: ['خنازير اليهود', 'قردة وخنازير', 'لوطي', 'شواذ', 'كلاب الشيعة', 'روافض', 'نواصب', 'صراصير'],
    sexual: [
      'نيكني',
      'زبي',
      'كسها',
      'طيز',
      'سكس',
      'جنس فموي',
      'جنس شرجي',
      'استمناء',
      'قذف',
      'شرموطة',
      'عاهرة',
      'أفلام إباحية',
      'افلام اباحية',
    ],
    violent_instructions: [
      'صنع قنبلة',
      'تصنيع قنبلة',
      'طريقة صنع قنبلة',
      'كيفية صنع قنبلة',
      'صنع متفجرات',
      'تصنيع المتفجرات',
      'عبوة ناسفة',
      'حزام ناسف',
      'قنبلة أنبوبية',
      'صنع سلاح',
      'كيف تسمم',
      'صنع سم',
      'زجاجة مولوتوف',
      'صاعق',
    ],
  },
  hi: {
    threats: [
      'मैं तुझे मार दूंगा',
      'मैं तुझे मार डालूंगा',
      'तुझे मार डालूंगा',
      'तुझे जान से मार',
      'जान से मार दूंगा',
      'तुम्हें मार दूंगा',
      'तुम्हें मार डालूंगा',
      'तेरा खून कर दूंगा',
      'गोली मार दूंगा',
      'चाकू मार दूंगा',
      'तेरे घर को आग',
      'मुझे पता है तू कहाँ रहता',
      'मुझे पता है तुम कहाँ रहते',
      'उड़ा दूंगा',
    ],
    hate: ['कटुआ', 'मुल्ले', 'चमार', 'भंगी', 'हिजड़े', 'छक्का', 'रंडी', 'सूअर की औलाद', 'काला कलूटा'],
    sexual: ['चुदाई', 'चोदना', 'चोद', 'लंड', 'लौड़ा', 'चूत', 'भोसड़ी', 'सेक्स', 'नंगी', 'ब्लोजॉब', 'पोर्न', 'स्तन चूस'],
    violent_instructions: [
      'बम बनाने',
      'बम कैसे बनाएं',
      'बम कैसे बनाये',
      'बम बनाने का तरीका',
      'विस्फोटक बनाने',
      'देसी बम',
      'पाइप बम',
      'कट्टा बनाने',
      'बंदूक बनाने',
      'ज़हर देने का तरीका',
      'जहर कैसे दें',
      'डेटोनेटर',
    ],
  },
  bn: {
    threats: [
      'তোকে মেরে ফেলব',
      'তোকে মেরে ফেলবো',
      'তোমাকে মেরে ফেলব',
      'তোমাকে মেরে ফেলবো',
      'খুন করে ফেলব',
      'খুন করব',
      'গুলি করে মারব',
      'ছুরি মারব',
      'তোর বাড়িতে আগুন',
      'জানি তুই কোথায় থাকিস',
      'জানি তুমি কোথায় থাকো',
      'উড়িয়ে দেব',
      'জবাই করব',
    ],
    hate: ['মালাউন', 'কাঙাল', 'হিজড়া', 'নেড়ে', 'কাটা মোল্লা', 'মোল্লার বাচ্চা', 'শুয়োরের বাচ্চা'],
    sexual: ['চোদা', 'চুদি', 'চুদাচুদি', 'গুদ', 'ভোদা', 'সেক্স', 'নগ্ন', 'পর্ন', 'হস্তমৈথুন', 'মাগী'],
    violent_instructions: [
      'বোমা বানানো',
      'বোমা বানানোর',
      'বোমা তৈরির',
      'বোমা তৈরি করার',
      'বিস্ফোরক তৈরি',
      'পাইপ বোমা',
      'ককটেল বানানো',
      'অস্ত্র বানানো',
      'বিষ দেওয়ার উপায়',
      'ডেটোনেটর',
    ],
  },
};

/**
 * Co-occurrence entries: every group (separated by &) must match one of its alternatives (separated by |) somewhere in
 * the sentence, so "bomb" next to "make" or "buy parts" is weapon-making, and "intestines" next to "blood" is gore,
 * while either word alone is not.
 */
const COMBINATIONS: Record<LexiconLanguage, Partial<Record<ModerationCategory, string[]>>> = {
  zh: {
    violent_instructions: [
      '炸弹|炸药|雷管|管状炸弹&做|制作|制造|买|零件|安装|放到',
      '药|毒&茶|汤|饭|咖啡|水里&每天|慢慢|一点点|几个月',
    ],
    graphic_gore: ['肠子|内脏|脑浆|眼眶|眼睛被挖|头骨&血|流|掉|割|剖开'],
    sexual: ['干我|操我|进入自己的身体|进入她的身体|脱光了', '呻吟着|舔她的|舔他的&床|乳|裸|吻|下体'],
    threats: ['刀|枪|炸|杀&你|你的&去|带着|等你|明天|下周|今晚'],
    hate: ['变态|病毒|蟑螂|畜生|下等&同性恋|黑人|穆斯林|犹太|残疾|外国人'],
  },
  ja: {
    violent_instructions: [
      '爆弾|爆薬|起爆&作|買|仕掛け|部品',
      '薬|毒&味噌汁|お茶|コーヒー|料理|飲み物&毎日|少しずつ|何週間',
    ],
    graphic_gore: ['内臓|腸|脳みそ|頭蓋骨|眼球|顎の骨&血|飛び散|むき出し|垂れ下が|割れ'],
    sexual: ['秘部|犯して|腰を打ちつけ|挿れ|下着を脱いで', '喘ぎ&ベッド|乳首|裸|キス|腰を'],
    threats: ['生きて帰れると思うな|殺す|刺す|撃つ|待ってるからな&お前|あんた|明日|今夜'],
    hate: ['ゴキブリ|駆除|お荷物|価値なんかない|出ていけ&朝鮮|韓国人|中国人|障害者|外国人|在日|黒人'],
  },
  ko: {
    violent_instructions: [
      '폭탄|폭발물|기폭&만들|조립|설치|부품|사고',
      '약|독&차에|국에|커피|음식&매일|조금씩|몇 주',
      '따라가&장갑|차는 쓰지 마|가로등 없는',
    ],
    graphic_gore: ['내장|창자|뇌|두개골|눈알|잘려&피|쏟아|흘러|고였'],
    sexual: ['핥으며|속옷 입지 말고', '박아|신음|젖은 곳|벗기고&가슴|침대|알몸|키스|엉덩이|젖꼭지'],
    threats: [
      '살아서 못|쏴버릴|죽여|찔러|기다릴 테니&너|네|선생|토요일|일요일|월요일|화요일|수요일|목요일|금요일|밤에',
    ],
    hate: ['머리가 나빠|벌레|바퀴벌레|쓰레기&여자|흑인|조선족|장애인|외국인|동성애'],
  },
  tr: {
    violent_instructions: [
      'bomba|patlayici&yap|parca|kur|yerlestir',
      'zehir|ilac|biraz koy&cay|kahve|corba|yemek&her sabah|her gun|azar azar|haftalarca',
    ],
    graphic_gore: ['bagirsak|beyin|kafatasi|cene kemigi|derisi&kan|doku|sark|yaril|acikta'],
    sexual: ['gogus|sutyen|ic camasir|ciplak|pantolonunu indir&inley|inlet|yalar|yaladi|oksad'],
    threats: [
      'sag cikamayacaksin|sag kalmaz|oldur|gebert|vur|bekleyecegim&seni|sen|evini|cuma|cumartesi|pazar|aksam|yarin|kimse',
    ],
    hate: ['insan degil|hayvan|kovmak lazim|pislik|hamamboc&suriyeli|arap|kurt|yahudi|ermeni|gocmen|siyah|ibne|kadin'],
  },
  ar: {
    violent_instructions: [
      'قنبلة|متفجرات|عبوة&صنع|تصنيع|اشتر|ركب|ضع',
      'السم|سم |مادة&قهوته|شايه|طعامه|شرابه&كل صباح|كل يوم|شيئاً فشيئاً|تدريجيا',
    ],
    graphic_gore: ['أمعاؤه|أمعاء|أحشاء|دماغه|جمجمته|أصابعه&الدماء|الدم|تدفقت|قطعت|شق'],
    sexual: ['يضاجع|ضاجع', 'لعق|تئن|ثدييها&سرير|جسدها|شفتيها|عارية|ساقيها'],
    threats: ['لن تصل|سأقتل|سأذبح|سأطعن|ستموت|لن تخرج حيا&ابنتك|ابنك|أنت|انت|يوم|غدا|الليلة'],
    hate: ['خنازير|قردة|ليسوا بشر|حشرات|طردهم&اليهود|السود|العبيد|الشيعة|السنة|المسيحيين|اللاجئين'],
  },
  hi: {
    violent_instructions: ['बम|विस्फोटक&बना|पुर्जे|लगा|खरीद', 'ज़हर|जहर|दवा&चाय|खाने|दूध|कॉफी&रोज़|रोज|थोड़ा-थोड़ा|हफ्तों'],
    graphic_gore: ['आंतें|अंतड़ियां|आंखें निकाल|खोपड़ी|दिमाग&खून|बिखरी|मवाद|चीर'],
    sexual: ['चोदूंगा|चोदो', 'स्तनों|चूमते हुए|नंगा|नंगी&बिस्तर|शरीर|कपड़े उतार'],
    threats: ['मार दूंगा|मार डालूंगा|खत्म कर दूंगा|उठा लूंगा|गोली|चाकू&तू|तुम|तुम्हारे|तेरे|शुक्रवार|सोमवार|रात'],
    hate: ['गंदगी|कीड़े|भगा दो|जानवर&छक्के|मुल्ले|दलित|चमार|हिजड़े|मुसलमान|ईसाई'],
  },
  bn: {
    violent_instructions: ['বোমা|বিস্ফোরক&বানা|তৈরি|যন্ত্রাংশ|কেনো|বসাও', 'বিষ|ওষুধ&চায়ে|খাবারে|দুধে&প্রতিদিন|একটু একটু'],
    graphic_gore: ['নাড়িভুঁড়ি|অন্ত্র|মগজ|খুলি|আঙুলগুলো&রক্ত|ছড়িয়ে|কেটে|চিরে'],
    sexual: ['চুদবে', 'স্তনে|চুমু খেতে খেতে|নগ্ন হয়ে&বিছানায়|শরীর|কাপড় খুলে'],
    threats: ['তুলে নিয়ে যাব|মেরে ফেলব|খুন করব|ছুরি|গুলি|উঠিয়ে নেব&তোর|তোমার|তুই|রবিবার|সোমবার|রাতে'],
    hate: ['নোংরা|পোকা|তাড়িয়ে দাও|জানোয়ার&মালাউন|হিজড়া|মুসলমান|হিন্দু|রোহিঙ্গা'],
  },
};

/**
 * Frames that a combination of ordinary words does not survive: a news or court report, a recipe or butchery, a hunt,
 * history, a game or a story. Two everyday words together ("intestines" and "blood", "knife" and "night") are gore
 * in one text and a fish recipe or a police report in another; these languages have no learned model to weigh the
 * frame, so a frame cue in the sentence or next to it sets their combinations aside. The explicit terms above
 * still count in any frame. Turkish entries match word starts, like the rest of its lists.
 */
const FRAMES: Record<LexiconLanguage, string> = {
  zh: '据报道|报道|警方|警察|新闻|记者|法院|历史|菜谱|做法|烹饪|切成|下锅|鱼|猪肉|牛肉|羊肉|鸡肉|屠宰|宰杀|游戏|小说|电影',
  ja: '警察|報道|ニュース|裁判|歴史|料理|レシピ|さばく|さばき|調理|魚|肉|包丁|下処理|ゲーム|小説|映画|によると',
  ko: '경찰|뉴스|보도|기자|법원|역사|요리|레시피|손질|생선|고기|조리|게임|소설|영화|따르면',
  tr: 'polis|haber|mahkeme|tarih|tarif|yemek|kasap|kurban|kiyma|etleri|balik|pisir|oyun|roman|film|gore',
  ar: 'الشرطة|أفادت|وكالة|السلطات|تحقيق|محكمة|تاريخ|وصفة|الطبخ|السمك|اللحم|الذبح|الأضحية|لعبة|رواية|فيلم|وفقا|بحسب',
  hi: 'पुलिस|रिपोर्ट|खबर|समाचार|अदालत|इतिहास|रेसिपी|पकाने|पकाएं|मछली|मांस|मटन|चिकन|खेल|उपन्यास|फिल्म|के अनुसार|अस्पताल',
  bn: 'পুলিশ|খবর|সংবাদ|আদালত|ইতিহাস|রান্না|রেসিপি|মাছ|মাংস|খাসি|মুরগি|খেলা|উপন্যাস|সিনেমা|অনুযায়ী|হাসপাতাল',
};

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
