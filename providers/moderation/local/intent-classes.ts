/**
 * Word classes for harm told without harm words (issue 14, item 2), in English and the five European languages: the
 * cues of a plan or an announcement rather than its weapon. A threat names its target and shows it knows their
 * routine, their time and their place, and ends on finality ("you won't walk again", "c'est fini pour toi"); a plan
 * sends someone to a place at a time, picks where nobody sees, and covers its tracks. None of these words is harmful
 * alone: they are classes for the model to weigh together with the others, and the lists are written from the policy
 * and the languages' grammar, not from any training or test text.
 *
 * TIME: a day, a time of day, a moment ("when you leave"). ROUTINE: knowing someone's whereabouts and habits.
 * ISOLATION: a place or moment without witnesses. EVADE: covering tracks. OMEN: finality said to or about a person.
 * ADDRESS: a title said to a person ("Mr", "judge", "maître").
 */
import type { EuropeanLanguage } from './european.ts';

export const INTENT_CLASSES_ENGLISH: Record<string, string> = {
  TIME: `monday | tuesday | wednesday | thursday | friday | saturday | sunday | tonight | tomorrow | this evening | this weekend |
    next week | at dawn | at midnight | at noon | o'clock | every morning | every evening | every night | when you leave |
    when you get home | when she leaves | when he leaves | on your way | after work | after school`,
  ROUTINE: `know where you | know where he | know where she | know where your | know when you | know what time | know your |
    i know where | we know where | your address | your route | your schedule | your routine | your shift | your commute |
    your plates | your number plate | your kids' school | your children's school | where you park | where you live |
    where your kids | i've been watching | we've been watching | been following | i saw you | we saw you | seen your |
    i have your address | i have a key | a copy of your key | your daily | same time every`,
  ISOLATION: `alone | on her own | on his own | by herself | by himself | deserted | isolated | secluded | remote | no cameras |
    no camera | no cctv | no witnesses | nobody around | no one around | nobody will hear | no one will hear | out of sight |
    no signal | no reception | unlit | empty car park | back entrance | service door | back door | dead end`,
  EVADE: `gloves | burner | leave your phone | phone off | turn off your phone | wipe | wipe down | fingerprints | get rid of |
    dispose of | alibi | nobody will suspect | no one will suspect | nobody will know | no one will know | cover your face |
    balaclava | change your clothes | cash only | different shops | different stores | false plates | look like an accident |
    natural causes | never be found | no trace | untraceable`,
  OMEN: `never again | last time | your last | the last thing | it ends | will end | it's over | it is over | won't come back |
    will not come back | won't make it | won't walk | will not walk | you'll see | you will see | you'll understand |
    you'll regret | finish what | finish the job | finish it | for good | once and for all | won't be so lucky | say goodbye |
    last chance | nobody will find | won't wake up | not walk out | won't walk out | not leave alive | won't leave alive`,
  ADDRESS: `mr | mrs | ms | miss | dr | doctor | judge | mayor | councillor | officer | sir | madam | your honour | your honor`,
  // Harm verbs said of love and laughter ("I'll kill you with kisses", "dying of laughter") are banter.
  BANTER: `kisses | with kisses | tickle | tickles | hugs | of laughter | laughing | cuddles | love song | ballad | lyrics`,
};

export const INTENT_CLASSES: Record<EuropeanLanguage, Record<string, string>> = {
  es: {
    TIME: `lunes | martes | miercoles | jueves | viernes | sabado | domingo | esta noche | manana | a las | de madrugada |
      medianoche | mediodia | cada manana | cada noche | todas las noches | todos los dias | cuando salgas | cuando salga |
      cuando llegues | al salir | a la salida | a la hora`,
    ROUTINE: `se donde | se a que hora | se cuando | sabemos donde | sabemos a que hora | conozco tu | conocemos tu |
      tu direccion | tu horario | tus horarios | tu ruta | tu trayecto | tu matricula | tu turno | tu rutina | donde vives |
      donde aparcas | donde juegan | te he visto | te hemos visto | te estoy vigilando | te vigilamos | te sigo | tengo tu |
      tengo una copia | tengo las llaves | tu casa | tu coche | tus hijos`,
    ISOLATION: `solo | sola | a solas | desierto | desierta | aislado | aislada | apartado | sin camaras | no hay camaras |
      sin testigos | nadie | nadie la oira | nadie lo oira | sin cobertura | sin farolas | a oscuras | oscuro | salida trasera |
      puerta de servicio | puerta trasera | zona profunda`,
    EVADE: `que fue un accidente | fue un accidente | pensaran que fue | diran que fue | parecera un accidente |
      guantes | movil | telefono | no uses tu | coartada | nadie sospechara | sin que nadie sospeche | nadie se enterara |
      sin que se entere | deshacerte | deshacerse | borrar | limpiar las huellas | huellas | sin dejar rastro | sin rastro |
      accidente | que se cayo | causas naturales | tiendas distintas | tiendas diferentes | pasamontanas | cambiate de ropa`,
    OMEN: `nunca mas | ultimo | ultima | la ultima vez | se acabo | se acabara | se terminara | no volveras | no vas a volver |
      no volvera | no llegaras | no vas a llegar | no llegara | ya veras | vas a entender | te arrepentiras | disfruta mientras |
      terminar el trabajo | acabar lo que | para siempre | de una vez | hombre muerto | mujer muerta | no saldra | no sale nadie`,
    ADDRESS: `senor | senora | senorita | don | dona | doctor | doctora | juez | jueza | alcalde | alcaldesa | concejal | agente |
      profesor | profesora`,
    BANTER: `besos | a besos | cosquillas | abrazos | de risa | de amor | de pasion | cancion | balada | letra`,
    I_WILL: `voy a | vamos a | ire a | iremos a | pienso | tengo pensado`,
  },
  pt: {
    TIME: `segunda | terca | quarta | quinta | sexta | sabado | domingo | hoje a noite | esta noite | amanha | as | de madrugada |
      meia-noite | meio-dia | toda manha | todas as noites | todos os dias | quando voce sair | quando sair | quando chegar |
      na saida | a hora`,
    ROUTINE: `sei onde | sei a que horas | sei quando | sabemos onde | conheco o teu | conheco a tua | teu endereco | seu endereco |
      tua rotina | sua rotina | teu horario | seu horario | teu caminho | tua placa | sua placa | onde voce mora | onde moras |
      onde estaciona | te vi | vimos voce | estou te vigiando | te vigiamos | tenho o teu | tenho uma copia | tenho a chave |
      tua casa | sua casa | teus filhos | seus filhos`,
    ISOLATION: `sozinho | sozinha | a sos | deserto | deserta | isolado | isolada | afastado | sem cameras | nao tem camera |
      sem testemunhas | ninguem | ninguem vai ouvir | sem sinal | sem rede | no escuro | escuro | saida dos fundos |
      porta dos fundos | porta de servico`,
    EVADE: `que foi acidente | foi um acidente | vai achar que foi | vao dizer que foi | vai parecer acidente |
      luvas | celular | telemovel | telefone | nao use o seu | alibi | ninguem vai suspeitar | sem que ninguem desconfie |
      ninguem vai saber | livrar | se livrar | apagar | digitais | sem deixar rastro | sem rastro | acidente | causas naturais |
      lojas diferentes | capuz | balaclava | troque de roupa`,
    OMEN: `nunca mais | ultimo | ultima | a ultima vez | acabou | vai acabar | vai terminar | nao vai voltar | nao voltara |
      nao vai chegar | nao chegara | vai ver | vai entender | vai se arrepender | aproveita enquanto | terminar o servico |
      acabar o que | para sempre | de uma vez | homem morto | mulher morta | nao sai vivo | nao sai ninguem`,
    ADDRESS: `senhor | senhora | dona | doutor | doutora | juiz | juiza | prefeito | prefeita | presidente da camara | vereador |
      professor | professora | agente`,
    BANTER: `beijos | de beijos | cocegas | abracos | de rir | de saudade | de amor | de paixao | musica | cancao | balada | letra`,
    I_WILL: `vou | vamos | irei | iremos | eu vou | vou te | vou la`,
  },
  it: {
    TIME: `lunedi | martedi | mercoledi | giovedi | venerdi | sabato | domenica | stasera | stanotte | domani | alle | all alba |
      mezzanotte | mezzogiorno | ogni mattina | ogni sera | ogni notte | tutti i giorni | quando esci | quando uscirai |
      quando arrivi | all uscita | a che ora`,
    ROUTINE: `so dove | so a che ora | so quando | sappiamo dove | sappiamo a che ora | conosco il tuo | conosco la tua |
      il tuo indirizzo | i tuoi orari | il tuo percorso | la tua targa | il tuo turno | la tua routine | dove abiti | dove vivi |
      dove parcheggi | ti ho visto | ti abbiamo visto | ti sto guardando | ti teniamo d occhio | ho una copia | ho le chiavi |
      casa tua | la tua macchina | i tuoi figli`,
    ISOLATION: `solo | sola | da solo | da sola | deserto | deserta | isolato | isolata | appartato | senza telecamere |
      non ci sono telecamere | senza testimoni | nessuno | nessuno sentira | senza campo | senza segnale | al buio | buio |
      uscita sul retro | porta di servizio | porta sul retro`,
    EVADE: `che e stato un incidente | e stato un incidente | pensera che sia stato | diranno che e stato | sembrera un incidente |
      guanti | cellulare | telefono | non usare il tuo | alibi | nessuno sospettera | senza che nessuno se ne accorga |
      nessuno sapra | sbarazzarti | sbarazzarsi | cancellare | impronte | senza lasciare tracce | tracce | incidente |
      cause naturali | negozi diversi | passamontagna | cambiati i vestiti`,
    OMEN: `mai piu | ultimo | ultima | l ultima volta | e finita | finira | non tornerai | non torni | non tornera | non arriverai |
      non arrivera | vedrai | capirai | te ne pentirai | goditi | finire il lavoro | finire quello | per sempre |
      una volta per tutte | uomo morto | donna morta | non esce vivo | non ne esce`,
    ADDRESS: `signor | signore | signora | signorina | dottor | dottore | dottoressa | giudice | sindaco | assessore | avvocato |
      professore | professoressa | agente`,
    BANTER: `baci | di baci | solletico | abbracci | dal ridere | dalle risate | d amore | di passione | canzone | ballata | testo`,
    I_WILL: `vado a | vado ad | veniamo a | vengo a | vengo ad | andro a | andro ad | verro a | ti vengo | ti ammazzo | ti faccio`,
  },
  fr: {
    TIME: `lundi | mardi | mercredi | jeudi | vendredi | samedi | dimanche | ce soir | cette nuit | demain | a l aube | minuit |
      midi | chaque matin | chaque soir | tous les soirs | tous les jours | quand tu sors | quand tu sortiras | quand il sort |
      quand elle sort | a la sortie | a l heure`,
    ROUTINE: `je sais ou | je sais quand | je sais a quelle heure | on sait ou | on connait | je connais | ton adresse | tes horaires |
      ton trajet | ta plaque | ton service | ta routine | ou tu habites | ou tu gares | ou tu te gares | je t ai vu |
      on t a vu | on a vu | je te surveille | on te surveille | je te suis | j ai un double | j ai tes cles | j ai l adresse |
      ta maison | ta voiture | tes enfants`,
    ISOLATION: `seul | seule | tout seul | toute seule | desert | deserte | isole | isolee | a l ecart | pas de camera |
      pas de cameras | sans camera | sans temoin | sans temoins | personne | personne ne t entendra | plus de reseau |
      sans reseau | dans le noir | sans lumiere | porte de service | porte de derriere | issue de secours`,
    EVADE: `que c etait un accident | c etait un accident | croiront que | diront que c etait | passera pour un accident |
      gants | telephone | portable | plus de telephone | alibi | personne ne soupconnera | personne ne saura |
      sans que personne | se debarrasser | te debarrasser | effacer | empreintes | sans laisser de traces | traces | accident |
      passe pour une chute | cause naturelle | magasins differents | cagoule | change de vetements`,
    OMEN: `plus jamais | le dernier | la derniere | la derniere fois | c est fini | ca se terminera | se terminera |
      tu ne reviendras pas | ne reviendra pas | tu n arriveras pas | n arrivera pas | tu vas comprendre | tu verras |
      tu vas regretter | tu regretteras | profite bien | finir ce qu | terminer le travail | finir le travail |
      pour de bon | une fois pour toutes | homme mort | n en ressortira pas | n en remontes pas | n en sortira pas`,
    ADDRESS: `monsieur | madame | mademoiselle | mme | maitre | docteur | juge | maire | conseiller | depute | agent | professeur`,
    BANTER: `bisous | baisers | de bisous | chatouilles | calins | de rire | d amour | de passion | chanson | ballade | paroles`,
    I_WILL: `je vais | on va | nous allons | je viendrai | on viendra | je passe | je serai | on sera`,
  },
  de: {
    TIME: `montag | dienstag | mittwoch | donnerstag | freitag | samstag | sonntag | heute nacht | heute abend | morgen | um |
      uhr | im morgengrauen | mitternacht | mittag | jeden morgen | jeden abend | jede nacht | jeden tag | wenn du gehst |
      wenn du rauskommst | wenn er geht | wenn sie geht | nach feierabend | nach der arbeit`,
    ROUTINE: `ich weiss wo | ich weiss wann | wir wissen wo | wir wissen wann | ich kenne deine | ich kenne deinen | wir kennen |
      deine adresse | deinen weg | deine route | deinen dienstplan | deine schicht | dein kennzeichen | deine gewohnheiten |
      wo du wohnst | wo du parkst | ich habe dich gesehen | wir haben dich gesehen | ich beobachte dich | wir beobachten |
      ich habe einen schlussel | ich habe deine | dein haus | dein auto | deine kinder`,
    ISOLATION: `allein | alleine | einsam | menschenleer | abgelegen | verlassen | keine kamera | keine kameras | ohne kameras |
      keine zeugen | ohne zeugen | niemand | niemand hort | kein empfang | kein netz | im dunkeln | dunkel | hintereingang |
      hinterausgang | personaleingang | hintertur`,
    EVADE: `dass es ein unfall war | es war ein unfall | werden denken | werden sagen es war | wird wie ein unfall |
      handschuhe | handy | telefon | lass dein handy | alibi | niemand wird | keiner wird | niemand merkt | beseitigen |
      loswerden | verwischen | spuren | ohne spuren | fingerabdrucke | unfall | naturlichen ursachen | verschiedenen laden |
      sturmhaube | maske | andere kleidung`,
    OMEN: `nie wieder | nie mehr | das letzte mal | der letzte | die letzte | das letzte | vorbei | ist vorbei | zu ende |
      kommst nicht zuruck | kommt nicht zuruck | nicht mehr nach hause | wirst du sehen | du wirst sehen | wirst es bereuen |
      wirst du bereuen | geniess | zu ende bringen | fur immer | ein fur alle mal | ein toter mann | kommt nicht lebend |
      nicht lebend`,
    ADDRESS: `herr | frau | fraulein | doktor | dr | richter | richterin | burgermeister | burgermeisterin | stadtrat |
      polizist | lehrer | lehrerin | professor`,
    BANTER: `kussen | kusse | kitzeln | umarmungen | vor lachen | lachen | vor liebe | liebe | lied | ballade | songtext`,
    I_WILL: `ich werde | wir werden | ich komme | wir kommen | ich bin | ich warte | wir warten`,
  },
};

/** A clock time ("at 7:50", "à 7 h 50", "um 19 Uhr", "alle 21", "às 8h"). */
const CLOCK =
  /\b(?:[01]?\d|2[0-3])(?:[:.h]\s?[0-5]\d|\s?h\b|\s?uhr\b|\s?(?:am|pm)\b)|\b(?:at|a las|as|alle|a|um)\s(?:[01]?\d|2[0-3])\b/;
/**
 * A person addressed by name: a capitalised name opening the sentence before a comma ("Julien, …"), closing it after
 * one ("…, Irene."), or a letter's opening to someone ("To the mayor:", "Au maire de … :", "Para el juez …:"), in a
 * sentence spoken to them (a second-person word). A capitalised first word is only a name when it is not one of the
 * common openers below.
 */
const VOCATIVE_OPEN = /^(\p{Lu}\p{Ll}{2,})(?:\s\p{Lu}\p{Ll}+)?\s?,/u;
const VOCATIVE_CLOSE = /,\s\p{Lu}\p{Ll}{2,}\s?[.!?]+\s*$/u;
const LETTER_OPEN =
  /^(?:to|for|para|pour|per|au|aux|ao|à|al|alla|allo|an|message|mensaje|mensagem|messaggio|nachricht|aviso|avviso)\b[^:.!?]{2,60}:/iu;
const SECOND_PERSON =
  /\b(?:you|your|yours|tu|te|ti|toi|ton|ta|tes|vous|votre|vos|t'|du|dich|dir|dein|deine|deinen|deinem|euch|voce|teu|tua|teus|tuas|usted|ustedes|vosotros|tuo|tuoi|tue|sie)\b/iu;
const OPENERS = new Set(
  `however yes no well okay ok then now so also still yet sure look listen honestly seriously today yesterday tomorrow
  tonight hey hello dear please thanks sorry sadly luckily finally first second next meanwhile afterwards anyway
  si sí bueno pues entonces luego oye mira escucha hola vale claro gracias hoy ayer mañana
  oui non bon alors ensuite puis donc écoute coucou salut bonjour merci aujourd'hui hier demain voilà enfin
  ja nein gut also dann doch hallo hör schau danke heute gestern morgen naja
  sim não bem então depois olha escuta oi olá obrigado hoje ontem amanhã
  sì bene allora poi dunque senti guarda ciao grazie oggi ieri domani ecco comunque`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * Classes read from a sentence's surface (its digits and capitals), which stems lose. `folded` is the sentence
 * lower-cased with its accents folded (european.ts).
 */
export function surfaceClasses(original: string, folded: string): string[] {
  const found: string[] = [];
  if (CLOCK.test(folded)) found.push('TIME');
  if (SECOND_PERSON.test(folded)) {
    const open = VOCATIVE_OPEN.exec(original);
    if ((open && !OPENERS.has(open[1]!.toLowerCase())) || VOCATIVE_CLOSE.test(original) || LETTER_OPEN.test(original))
      found.push('NAMED');
  }
  return found;
}
