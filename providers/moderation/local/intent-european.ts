/**
 * The plain-intent rules of intent.ts in Spanish, French, German, Portuguese and Italian: a vehicle driven into a
 * crowd, poison given little by little in someone's food, fuel at a door, following someone until they are alone and
 * taking them, and a first-person announcement of a weapon brought at a named time. Each rule needs the whole shape
 * (three or more of its parts in one sentence), so a word alone never fires it. The words are the languages' ordinary
 * words for each part, written from the policy, not from any training or test text; they are matched on folded text
 * (lower case, no accents), and the five languages share one pattern per part, as their words rarely collide.
 */
import type { IntentFinding } from './intent.ts';

const words = (text: string) =>
  new RegExp(
    String.raw`\b(?:${text
      .trim()
      .split(/\s*\|\s*/)
      .join('|')})\b`,
  );

/** The speaker announces what they will do. */
const FIRST_PERSON =
  words(String.raw`voy a | vamos a | ire a | iremos a | me voy a | pienso | je vais | on va | nous allons |
  je viendrai | on viendra | je serai | ich werde | wir werden | ich komme | wir kommen | ich bringe | ich bring | ich nehme |
  vou | vamos | irei | iremos | eu vou | vado a | vengo | andro | verro | veniamo | porto | portero | domani vado`);
/** The sentence is told to someone (a second-person word) or is advice ("hay que", "il faut", "am besten"). */
const ADDRESSED =
  words(String.raw`tu | te | usted | ustedes | os | vosotros | vous | toi | du | dich | dir | ihr | euch |
  voce | voces | ti | hay que | lo mejor | il faut | le mieux | man muss | am besten | tem que | e preciso | o melhor |
  bisogna | basta | conviene | meglio`);
/** A report, a court, a history or a tale in the sentence itself. */
const OWN_FRAME =
  words(String.raw`la policia | segun | tribunal | condenado | condenada | juicio | historiador | habia una vez |
  erase una vez | la police | selon | condamne | condamnee | proces | historien | il etait une fois | polizei | laut |
  gericht | verurteilt | prozess | historiker | es war einmal | policia | segundo | condenado | julgamento | era uma vez |
  polizia | secondo | tribunale | condannato | condannata | processo | storico | c era una volta`);

const CROWD =
  words(String.raw`multitud | muchedumbre | gente | desfile | procesion | manifestacion | mercadillo | feria |
  terraza | foule | gens | defile | procession | manifestation | marche | fete | terrasse | menge | menschenmenge | leute |
  umzug | demo | markt | stadtfest | festzug | multidao | gente | desfile | procissao | manifestacao | feira | folla | gente |
  sfilata | processione | corteo | mercato | festa | passanti | peatones | pietons | fussganger | pedestres | pedoni`);
const VEHICLE =
  words(String.raw`coche | camion | furgoneta | furgon | vehiculo | volante | voiture | camionnette | fourgon |
  vehicule | volant | auto | wagen | lkw | lieferwagen | transporter | fahrzeug | lenkrad | carro | caminhao | carrinha |
  veiculo | macchina | furgone | furgoncino | veicolo`);
const VEHICLE_HARM =
  words(String.raw`acelera | acelerar | a fondo | no frenes | sin frenar | no pares | a toda velocidad |
  atropellar | arrollar | embestir | fonce | foncer | accelere | accelerer | pied au plancher | ne freine pas | sans freiner |
  plein gaz | ecraser | faucher | gas geben | vollgas | nicht bremsen | ohne zu bremsen | durchfahren | reinfahren |
  hineinfahren | uberfahren | acelere | pe no fundo | nao trave | sem travar | sem frear | nao freie | a toda velocidade |
  atropelar | accelera | accelerare | non frenare | senza frenare | a tutta velocita | tavoletta | investire | falciare`);

const POISON =
  words(String.raw`veneno | envenenar | matarratas | raticida | anticongelante | arsenico | cianuro | poison |
  empoisonner | mort aux rats | antigel | arsenic | cyanure | gift | vergiften | rattengift | frostschutz | frostschutzmittel |
  arsen | zyankali | chumbinho | cianeto | envenenar | veleno | avvelenare | topicida | antigelo`);
/** Medicine is poison only when given behind someone's back. */
const MEDICINE =
  words(String.raw`pastillas | pilules | medicaments | cachets | tabletten | pillen | medikamente | comprimidos |
  remedios | pillole | pastiglie | gotas | gouttes | tropfen | gocce | dosis | la dose | dose | dosi | somniferos |
  somniferes | schlaftabletten | sonniferi | insulina | insuline | insulin`);
const COVERT =
  words(String.raw`sin que se entere | sin que nadie | sin que lo note | sin que se de cuenta | sans qu il |
  sans qu elle | sans que personne | sans qu on | ohne dass er | ohne dass sie | ohne dass es | sem que ele | sem que ela |
  sem que ninguem | senza che | de nascosto | a escondidas | en cachette | heimlich | escondido | as escondidas`);
const FOOD =
  words(String.raw`cafe | comida | sopa | cena | bebida | vino | zumo | desayuno | the | soupe | repas | diner |
  boisson | vin | jus | petit dejeuner | kaffee | tee | essen | suppe | getrank | wein | saft | fruhstuck | abendessen |
  cha | jantar | vinho | suco | almoco | caffe | cibo | minestra | bevanda | succo | colazione | pranzo | tisana | infusion |
  infusao`);
const GRADUAL =
  words(String.raw`poco a poco | cada dia | cada manana | cada noche | durante semanas | un poquito | un poco |
  sin que se entere | sin que nadie | peu a peu | chaque jour | chaque soir | chaque matin | un peu | pendant des semaines |
  sans qu il | sans qu elle | sans que personne | nach und nach | jeden tag | jeden abend | jeden morgen | ein bisschen |
  wochenlang | ohne dass | aos poucos | todo dia | todos os dias | um pouco | durante semanas | sem que | poco alla volta |
  un po | ogni giorno | ogni sera | ogni mattina | per settimane | senza che`);

const ACCELERANT =
  words(String.raw`gasolina | bidon | queroseno | nafta | essence | jerrican | bidon d essence | kerosene |
  benzin | kanister | benzinkanister | brandbeschleuniger | gasolina | galao | querosene | benzina | tanica | cherosene |
  molotov`);
const DWELLING =
  words(String.raw`puerta | casa | piso | tienda | buzon | portal | local | sede | porte | maison | appartement |
  boutique | boite aux lettres | local | permanence | tur | haus | wohnung | laden | briefkasten | hauseingang | buro |
  porta | loja | caixa de correio | predio | portone | negozio | cassetta | appartamento | mezquita | mosquee | moschee |
  mesquita | moschea | iglesia | eglise | kirche | igreja | chiesa | sinagoga | synagogue | synagoge`);
const IGNITE =
  words(String.raw`prender | prendele | quemar | encender | rociar | echar | mechero | cerilla | fuego | bruler |
  brule | allumer | asperger | arroser | verser | briquet | allumette | feu | anzunden | zunde | zundet | zundest |
  entzunden | anstecken | abbrennen | brennt | ubergiessen | kipp | kippen | giess | giessen |
  feuerzeug | streichholz | feuer | queimar | acender | atear | jogar | isqueiro | fosforo | fogo | bruciare | incendiare |
  accendere | versare | cospargere | accendino | fiammifero | fuoco | incendiar | incendier`);

const FOLLOW =
  words(String.raw`seguir | sigue | sigues | siguela | siguelo | vigila | espera | esperale | suivre | suis | suis la |
  suis le | attends | attendre | guette | verfolg | verfolge | folge | folg | warte | beobachte | segue | segui | siga |
  espere | espera | seguila | seguilo | pedina | pedinare | aspetta | aspettare | apposta`);
const ALONE = words(String.raw`solo | sola | a solas | aislado | aislada | desierto | desierta | sin testigos | nadie |
  sin camaras | seul | seule | isole | isolee | desert | deserte | personne | sans temoin | pas de camera | allein | alleine |
  einsam | menschenleer | niemand | keine zeugen | keine kamera | sozinho | sozinha | isolado | isolada | deserto | deserta |
  ninguem | sem testemunhas | sem cameras | da solo | da sola | isolato | isolata | nessuno | senza testimoni |
  senza telecamere`);
const SEIZE =
  words(String.raw`agarrala | agarralo | agarrar | meterla | meterlo | subirla | subirlo | llevarla | llevartela |
  furgoneta | maletero | attrape | attraper | embarque | embarquer | coffre | camionnette | fourgon | packen | schnappen |
  kofferraum | transporter | lieferwagen | ins auto | in den wagen | pega | pegar | agarra | enfia | porta malas | carrinha |
  afferrala | afferralo | afferrare | caricala | caricalo | bagagliaio | furgone | furgoncino | rapire | rapirla | secuestrar |
  secuestrarla | enlever | entfuhren | sequestrar | sequestrare`);

/** Firearms and acid: a kitchen knife carried somewhere on a Saturday is too common to count. */
const WEAPON =
  words(String.raw`pistola | escopeta | rifle | fusil | arma | armas | recortada | pistolet | arme | flingue |
  carabine | gewehr | pistole | flinte | waffe | schrotflinte | espingarda | revolver | fucile | doppietta | lupara | acido |
  acide | saure`);
const WHEN = words(String.raw`manana | esta noche | lunes | martes | miercoles | jueves | viernes | sabado | domingo |
  demain | ce soir | lundi | mardi | mercredi | jeudi | vendredi | samedi | dimanche | morgen | heute abend | heute nacht |
  montag | dienstag | mittwoch | donnerstag | freitag | samstag | sonntag | amanha | hoje a noite | segunda | terca | quarta |
  quinta | sexta | domani | stasera | lunedi | martedi | mercoledi | giovedi | venerdi | sabato | domenica`);
const PEACEFUL =
  words(String.raw`caza | cazar | coto | club | campo de tiro | limpiar | vender | museo | licencia | chasse |
  stand de tir | nettoyer | vendre | musee | permis | jagd | verein | schiessstand | reinigen | verkaufen | museum |
  waffenschein | caca | cacar | clube | limpar | licenca | caccia | poligono | pulire | vendere | porto d armi | tiro al
  piattello | concurso | concours | wettkampf | gara`);

/** Parts and fillings of a bomb, named for what they are. */
const EXPLOSIVE =
  words(String.raw`detonador | detonadores | bomba casera | bomba de tubo | artefacto explosivo | metralla |
  nitrato de amonio con gasoil | detonateur | detonateurs | bombe artisanale | engin explosif | bombe a clous |
  nitrate d ammonium et du fioul | zunder | sprengkapsel | rohrbombe | nagelbombe | selbstgebaute bombe | sprengsatz |
  detonatore | detonatori | bomba artigianale | ordigno | bomba carta | bomba caseira | artefato explosivo |
  explosivo caseiro | tatp | anfo`);
/** Putting a device together, said as an instruction. */
const ASSEMBLE =
  words(String.raw`mezcla | mezclas | rellena | llena | mete | metes | conecta | conectas | coloca | colocas | sella |
  anade | pega | melange | melanger | remplis | remplir | insere | inserer | branche | brancher | fixe | scotche | ajoute |
  visse | misch | mischen | full | fullen | steck | stecken | verbind | verbinden | kleb | schraub | mescola | mescolare |
  riempi | riempire | inserisci | collega | fissa | aggiungi | avvita | mistura | misturar | enche | encher | conecta |
  prende | fixa | junta | acrescenta | melanges | inseres | branches | fixes | ajoutes | visses | mischst | fullst |
  steckst | verbindest | klebst | schraubst | befestigst | befestige | mescoli | colleghi | fissi | avviti | misturas |
  enches | colocas | conectas | prendes | juntas`);
/** A game's level, mission or boss. */
const GAME = words(String.raw`nivel | mision | jefe final | niveau | mission | boss | level | livello | missione |
  missao | fase | videojuego | jeu video | videospiel | videogioco | videogame`);

/** The rules that fire on one sentence of es, fr, de, pt or it (folded text). */
export function europeanIntent(folded: string): IntentFinding[] {
  const findings: IntentFinding[] = [];
  const text = folded.replace(/['’]/g, ' ');
  if (OWN_FRAME.test(text)) return findings;
  const firstPerson = FIRST_PERSON.test(text);
  const addressed = ADDRESSED.test(text);
  const voice = firstPerson ? 'threats' : 'violent_instructions';
  if (CROWD.test(text) && VEHICLE.test(text) && VEHICLE_HARM.test(text))
    findings.push({ category: voice, rule: 'vehicle' });
  if (
    FOOD.test(text) &&
    ((POISON.test(text) && (GRADUAL.test(text) || COVERT.test(text))) || (MEDICINE.test(text) && COVERT.test(text)))
  )
    findings.push({ category: voice, rule: 'poison' });
  if (ACCELERANT.test(text) && DWELLING.test(text) && IGNITE.test(text) && (firstPerson || addressed))
    findings.push({ category: voice, rule: 'fire' });
  if (FOLLOW.test(text) && ALONE.test(text) && SEIZE.test(text)) findings.push({ category: voice, rule: 'abduction' });
  if (EXPLOSIVE.test(text) && ASSEMBLE.test(text) && !GAME.test(text))
    findings.push({ category: 'violent_instructions', rule: 'explosive' });
  if (firstPerson && WEAPON.test(text) && WHEN.test(text) && !PEACEFUL.test(text))
    findings.push({ category: 'threats', rule: 'announced_weapon' });
  return findings;
}
