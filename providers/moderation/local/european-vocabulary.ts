/**
 * More words for the five European languages' classes (european-classes.ts), above all the forms a light stemmer does
 * not fold onto their verb (the past of narration: "pénétra", "matou", "schnitt"), the explicit vocabulary of sexual
 * content and the anatomy of gore. Written from the languages' grammar and ordinary dictionaries, not from any training
 * or test text; folded (no accents) and stemmed when loaded, like the other lists.
 */
import type { EuropeanLanguage } from './european.ts';

export const EUROPEAN_VOCABULARY: Record<EuropeanLanguage, Record<string, string>> = {
  es: {
    SEX: `penetro | penetrar | penetrarla | embestir | embestia | follo | follaron | follamos | me corri | se corrio | corrida |
      chupo | chupar | chupandosela | mamo | lamio | lamer | sodomia | sexo oral | sexo anal | anal | oral | orgia | swinger |
      intercambio de parejas | cunnilingus | felacion | empalmado | clitoris | coito | eyacular | eyaculo | masturbarse |
      masturbo | se masturba | tocarse | lubricante | a cuatro patas | bragas | tanga | desnudos | en pelotas | erotico |
      erotica | relato erotico | xxx | guarro | guarra | zorra | chochito | cono | rabo |  echar un polvo`,
    INTIMATE: `jadeando | jadeo | gimio | gimiendo | gemidos | empapada | mojada | excitada | excitado | susurro | lamio |
      desabrocho | quito la ropa | se desnudo | muslo | nalgas | trasero |  cuello | entrepierna`,
    GORE_PART: `organos | visceras | arterias | orbitas | cuencas | globo ocular | mejilla | encias | rotula | rodilla | femur |
      tendon | tendones | musculo | musculos | munon | munones | dedos | falanges | cuero cabelludo | sesos | medula`,
    GORE_ACT: `arranco | arrancado | desgarro | desgarrado | desollado | desollaron | despellejado | serro |  motosierra |
      aplasto | aplastado | estallo | reventaron | chorreaba | chorreando | salpico | salpicaba | supuraba | supurando |
      colgaba | colgando | amputo | cercenado | mutilado | destripado | destripo | descuartizado | descuartizo | troceado |
      pulpa | papilla | charco | palpitando | crujio`,
    GORE_WORD: `sangre | ensangrentado | sangrando | visceras | tripas | sesos | carne viva | a carne viva | putrefacto | gusanos`,
    HARM: `mato | mataron | asesino | apunalo | disparo | estrangulo | golpeo | pego | quemo | envenenaron | envenenado |
      degollo | violo | ataco | hirio | rajo | apuñalado | acuchillado | tiroteado | matado | asesinado`,
  },
  pt: {
    SEX: `penetrou | penetrar |   fodeu | foderam | gozou | gozei | gozada | chupou | chupar | mamou | lambeu |
      lamber | sexo oral | sexo anal | anal | oral | orgia | swing | troca de casais | felacao | cunete | de pau duro |
      clitoris | ejacular | ejaculou | masturbar | masturbou | se masturba | lubrificante |  calcinha | fio dental |
      pelados | erotico | erotica | conto erotico | xxx | safada | safado | vadia | rola | bucetinha | transaram | trepar |
      trepou`,
    INTIMATE: `ofegando | gemeu | gemendo | gemidos | molhadinha | encharcada | excitada | excitado | sussurrou | lambeu |
      desabotoou | tirou a roupa | se despiu | coxa | nadegas | bunda |  pescoco | entre as pernas`,
    GORE_PART: `orgaos | visceras | arterias | orbitas | globo ocular | bochecha | gengivas | rotula | joelho | femur | tendao |
      tendoes | musculo | musculos | coto | cotos | dedos | falanges | unhas | couro cabeludo | miolos | medula`,
    GORE_ACT: `arrancou | arrancado | rasgou | rasgado | esfolado | esfolaram | serrou |  motosserra | esmagou |
      esmagado | estourou | estouraram | jorrava | jorrando | espirrou | escorria | supurava | pendurado | pendia | amputou |
      decepado | mutilado | estripado | estripou | esquartejado | esquartejou |  polpa | 
      expostos | latejando | estalou`,
    GORE_WORD: `sangue | ensanguentado | sangrando | visceras | tripas | miolos | carne viva | em carne viva | putrefato | vermes`,
    HARM: `matou | mataram | assassinou | esfaqueou | atirou | estrangulou |  espancou | queimou | envenenou | envenenado |
      degolou | estuprou | atacou | feriu | esfaqueado | baleado | morto a tiros | assassinado`,
  },
  it: {
    SEX: `penetro | penetrarla |  scopo | scoparono |   ha goduto | godette | succhio | succhiato |
      leccato | lecco | sesso orale | sesso anale | anale | orale | orgia | scambisti | scambio di coppia | pompino | cunnilingus |
      clitoride | eiaculare | eiaculo | masturbarsi | si masturba | ti masturbi | lubrificante | a pecorina | mutandine |
      perizoma | nudi | erotico | erotica | racconto erotico | xxx | troia |  zoccola |  figa `,
    INTIMATE: `ansimando | ansimava | gemeva | gemendo | gemiti | bagnata | fradicia | eccitata | eccitato | sussurro |
      sbottono | si spoglio | tolse i vestiti | coscia | natiche | sedere |  collo | tra le gambe`,
    GORE_PART: `organi | viscere | arterie | orbite | bulbo oculare | guancia | gengive | rotula | ginocchio | femore | tendine |
      tendini | muscolo | muscoli | moncone | moncherini | dita | falangi | unghie | cuoio capelluto | cervella | midollo`,
    GORE_ACT: `strappo | strappato | squarcio | squarciato | scuoiato | scuoiarono |   motosega | schiaccio |
      schiacciato | esplose | scoppiarono | colava | zampillava | schizzo | schizzava | trasudava | appeso | penzolava |
      amputo | mozzato | mutilato | sventrato | sventro | squartato | squarto | fatto a pezzi | poltiglia | pozza | 
      pulsanti | scricchiolo`,
    GORE_WORD: `sangue | insanguinato | sanguinante | viscere | budella | cervella | carne viva | putrefatto | vermi`,
    HARM: `uccise | uccisero | ammazzo | ammazzato | accoltello | sparo | strangolo | picchio | bruciato | avvelenato |
      sgozzo | violento | aggredi | feri | accoltellato | sparato | ucciso | assassinato`,
  },
  fr: {
    SEX: `penetra | penetre | penetrer | la prit | la prend | prends moi | baisa | baise | baiser | a joui | jouit | joui |
      suca | suce | sucer | lecha | leche | lecher | branle | branla | branler | sodomie | sodomiser | fellation | cunnilingus |
      pipe | orgie | partouze | partouzes | echangiste | echangistes | libertin | libertine | soixante neuf |  bandait |
      clitoris | ejaculer | ejacula | se masturber | masturbe | te masturbes | lubrifiant | a quatre pattes | culotte | string |
      nus | erotique | histoire erotique | xxx | salope | chienne | bite | chatte | faire l amour | font l amour`,
    INTIMATE: `haletant | haletait | gemit | gemissant | gemissements | trempee | mouillee | excitee | excite | murmura |
      deboutonna | se deshabilla | enleva ses vetements | cuisse | fesses |  langue | cou | entre ses jambes`,
    GORE_PART: `organes | visceres | arteres | orbites | globe oculaire |  gencives | rotule | genou | femur | tendon |
      tendons | muscle | muscles | moignon | moignons | doigts | phalange | phalanges | ongles | cuir chevelu | cervelle |
      moelle | morceaux de corps`,
    GORE_ACT: `arracha | arrache | dechira | dechire | ecorche | ecorcherent | scia | scie | tronconneuse | ecrasa | ecrase |
      eclata | eclaterent | giclait | giclant | gicla | suintait | pendu | pendait | ampute | tranche | trancha | sectionne |
      mutile | eventre | eventra | depece | depeca | en morceaux | bouillie | flaque | a nu | exposes | palpitant | craqua |
      se deverserent | se detachait | lambeaux`,
    GORE_WORD: `sang | sanglant | sanglante | ensanglante | visceres | tripes | cervelle | chair a vif | a vif | putrefie `,
    HARM: `tua | tuerent | tue | assassina | poignarda | tira sur | etrangla | frappa | battit | brula | empoisonna | egorgea |
      viola | attaqua | blessa | poignarde | abattu | assassine | egorge`,
  },
  de: {
    SEX: `drang ein | eindringen |  nimm mich | fickte | fickten | gefickt | lutschte | gelutscht |
      leckte | geleckt | blies | blasen | oralsex | analsex | anal | oral | orgie | gruppensex | partnertausch | swinger |
      blowjob | cunnilingus | steif |  klitoris | ejakulieren | ejakulierte | wichsen | wichste | masturbieren |
      masturbierte | gleitgel | von hinten | auf allen vieren | hoschen | slip | tanga | nackte | erotisch | erotische |
      erotische geschichte | xxx | schlampe | nutte | schwanz | muschi | mit ihr geschlafen | vogeln | bumsen | bumste`,
    INTIMATE: `keuchend | keuchte | stohnte | stohnend | stohnen | feucht |  erregt | flusterte | knopfte auf | zog sich aus |
      oberschenkel | =hintern | po | zunge | hals | zwischen den beinen`,
    GORE_PART: `organe | eingeweide | arterien | augenhohlen | augapfel | augapfel | wange | zahnfleisch | kniescheibe | knie |
      oberschenkelknochen | sehne | sehnen | muskel | muskeln | stumpf | stumpfe | finger | fingerglieder | nagel | kopfhaut |
      hirnmasse | knochenmark | korperteile | gesicht | kiefer | zahne | ohren | nase | mund | augen`,
    GORE_ACT: `riss | gerissen | zerfetzt | zerfetzte | gehautet | hauteten |   kettensage | zerquetschte |
      zerquetscht | platzte | platzten | spritzte | spritzend | quoll | sickerte | eiterte | aufgehangt | baumelte | amputierte |
      abgetrennt | abgeschnitten | schnitt ab | verstummelt | aufgeschlitzt | schlitzte auf | zerstuckelt | zerstuckelte |
      brei |  freigelegt |  pulsierend | knackte | rutschten heraus | hingen heraus | fetzen`,
    GORE_WORD: `blut | blutig | blutuberstromt | blutend | eingeweide | gedarme | hirn | rohes fleisch | verwest | maden`,
    HARM: `totete | toteten | getotet | ermordete | ermordet | erstach | erstochen | schoss | erschoss | erschossen | erwurgte |
      erwurgt | schlug | verprugelte | verbrannte | vergiftete | vergiftet | vergewaltigte | griff an | verletzte | umgebracht |
      brachte um | stach`,
  },
};
