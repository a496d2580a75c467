/**
 * More words of threats and violent plans for the five European languages' classes (european-classes.ts): the
 * colloquial and irregular forms of harm verbs a stemmer does not fold onto their infinitive ("te reviento",
 * "ti faccio fuori", "vou te apagar", "je vais te planter", "ich mach dich alle"), the nouns of a blow or a wound,
 * finality said to a person ("no sales vivo"), and the markers of an ultimatum ("quedas avisado", "a buon intenditor").
 * Written from the languages' grammar and idiom, not from any training or test text; folded and stemmed when loaded.
 */
import type { EuropeanLanguage } from './european.ts';
import threatLexicon from './threat-lexicon.json' with { type: 'json' };

export const EUROPEAN_THREATS: Record<EuropeanLanguage, Record<string, string>> = {
  es: {
    BANTER: `chavales | panuelos | goleada | hala | aupa | estadio | aficion | hinchas | hinchada | marcador | empate | penalti |
      remontada | jornada | padel | parchis | mus | videojuego | partida`,
    GROUP: `rumanos | rumanas | marroquies | moros | argelinos | senegaleses | nigerianos | ecuatorianos | colombianos |
      venezolanos | bolivianos | peruanos | paraguayos | dominicanos | haitianos | paquistanies | pakis | chinos | asiaticos |
      mexicanos | catalanes | gallegos | andaluces | musulmanas | judias | negras | gitanas | travestis | transexuales |
      maricas | discapacitadas | sordos | ciegos | viejos | ancianos | pobres | mendigos | sin techo | indigentes | okupas`,
    DEHUMAN: `infestan | infestar | infestado | plaga de | se reproducen | se multiplican | como conejos | como ratas |
      como cucarachas | raza | razas | ladrones | delincuentes | criminales | vagos | gandules | chusma | gentuza | lacra |
      lacras | mugre | fumigar | desinfectar | desratizar | moho | =pulgas, pulga | piojos | sanguijuelas | chupasangres | subhumanos`,
    EXCLUDE: `mandarlos de vuelta | devolverlos | a su pais | a su tierra | fuera de aqui | fuera de espana | ni uno mas |
      que se vuelvan | que se larguen | echarlos | echarlas | expulsion | deportacion | deportarlos | fichar | fichados |
      registrarlos | censarlos | encerrarlos | campos | hundir las pateras | que se ahoguen | a patadas`,
    IGNITE: `cerrar por fuera | cierra por fuera | con candado por fuera | atrancar la puerta | atranca la puerta |
      bloquear las salidas | bloquea las salidas | con ellos dentro | con todos dentro | con la gente dentro`,
    HARM: `reviento | revienta | revientan | reventarte | hundir | paliza | una paliza | de en medio | acab contigo | un tiro |
      un balazo | balazo | balazos | navajazo | punalada | punaladas | cuchillada | machetazo | a golpes | a palos | a hostias |
      madrear | madrazo | te pincho | lo pincho | dejarte seco | apiolar | despachar | mandar al otro barrio | al otro barrio |
      partirte la cara | romperte la cara | la cara partida | las piernas rotas | romperte las piernas |
      achicharrar | asfixiar | sofocar | despenar | secuestro`,
    OMEN: `no vas a salir vivo | no sales vivo | no sale vivo | con los pies por delante | bajo tierra | caja de pino |
      no llegas a | no vuelves a | no vuelve a casa | no llega a casa | vas a aparecer | aparecera en | en una zanja |
      en una cuneta | te mueres | te vas a morir | estas muerto | estas muerta | eres hombre muerto | no quedara nadie |
      no va a quedar nadie | no quedara nada | no va a quedar nada | se acabo para ti | tus dias estan contados`,
    MENACE: `avisado | avisada | avisados | avisadas | quedas avisado | tu sabras | usted sabra | tu eliges | usted elige |
      piensatelo | ya sabes lo que pasa | ya sabes lo que | sabes lo que pasara | lo que le paso a | no es una amenaza |
      es una advertencia | ultima oportunidad | tienes hasta | tiene hasta | si no pagas | si no firmas | si vuelves a |
      como vuelvas a | cuidadito | andate con cuidado | ten cuidado | que tenga cuidado | que se cuide | nadie sale herido |
      nadie se hace dano | te vas a enterar | la vas a pagar | me las vas a pagar | me las pagaras | nos vemos pronto |
      nos veremos | te estamos esperando | te esperamos | vamos a por | venimos a por | iremos a por | por las buenas o por las malas`,
    EVADE: `sin dejar huellas | que no te vean | que nadie te vea | tirar el arma | deshazte del arma | borra los mensajes |
      borra el chat | di que estabas | di que estuviste | nadie te vio`,
  },
  pt: {
    BANTER: `galera | estadio | torcida | torcedores | placar | empate | penalti | goleada | rodada | pelada | futsal | padel |
      bora | partida`,
    GROUP: `bolivianos | haitianos | venezuelanos | angolanos | africanos | nigerianos | chineses | asiaticos | paraguaios |
      brasileiros | ucranianos | romenos | paquistaneses | nordestinas | baianos | paraibas | muculmanas | judias | negras |
      pretos | pretas | travestis | transexuais | bichas | deficientes | velhos | idosos | pobres | favelados | mendigos |
      moradores de rua | sem teto | macumbeiros | evangelicos`,
    DEHUMAN: `infestam | infestar | infestado | praga de | se reproduzem | se multiplicam | como coelhos | como ratos |
      como baratas | raca | racas | ladroes | bandidos | criminosos | vagabundos | vagabundas | gentalha | =ralé | escoria |
      imundos | imundicie | dedetizar | desinfetar | mofo | =pulgas, pulga | piolhos | sanguessugas | subumanos | chupins`,
    EXCLUDE: `mandar de volta | devolver | pra terra deles | para a terra deles | fora daqui | fora do brasil | fora de portugal |
      que voltem | que se mandem | expulsao | deportacao | deportar eles | fichar | fichados | registrar eles | prender todos |
      campos | afundar os barcos | que se afoguem | a pontapes | a chutes`,
    IGNITE: `trancar por fora | tranca por fora | tranca a porta por fora | com cadeado por fora | trancar a porta |
      bloquear as saidas | bloqueia as saidas | com eles dentro | com todos dentro | com a familia dentro | com gente dentro`,
    HARM: `te pegar | te pego | te apagar | te apago | apagar voce | apagar ele | apagar ela | te furar | te furo | furar ele |
      uma surra | surra | dar uma surra | porrada | porradas | na porrada | cacete | sentar o dedo | meter bala | passar fogo |
      tiro | um tiro | tiros | facada | facadas | paulada | pauladas | arrebento | arrebenta | quebrar a cara | quebrar os dentes |
      te quebrar | te quebro | sumir com | acabar contigo | acabo contigo | sufocar | asfixiar | sequestro`,
    OMEN: `nao sai vivo | nao vai sair vivo | nao sais vivo | com os pes na frente | debaixo da terra | a sete palmos |
      nao chega em casa | nao volta pra casa | nao volta para casa | vai aparecer | aparecer numa vala | numa vala |
      na beira da estrada | vai morrer | vais morrer | esta morto | ta morto | es um homem morto | nao vai sobrar ninguem |
      nao sobra ninguem | nao vai sobrar nada | teus dias estao contados | seus dias estao contados`,
    MENACE: `avisado | avisada | avisados | fica avisado | fica o aviso | voce escolhe | tu escolhes | pensa bem | voce sabe o que acontece |
      sabe o que acontece | o que aconteceu com | nao e uma ameaca | e um aviso | ultima chance | ultima oportunidade | tem ate |
      tens ate | se nao pagar | se nao assinar | se voltar a | toma cuidado | fica esperto | que se cuide |
      ninguem se machuca | ninguem sai machucado | vai se ver comigo | vai pagar caro | me paga | a gente se ve | te esperamos |
      estamos te esperando | vamos atras de | vamos pra cima | por bem ou por mal`,
    EVADE: `sem deixar digitais | sem ninguem ver | ninguem te viu | se livra da arma | joga a arma | apaga as mensagens |
      apaga a conversa | diz que estava | diz que estavas`,
  },
  it: {
    BANTER: `ragazzi | fazzoletti | stadio | tifosi | curva | forza | padel | calcetto | pressing | mister | intervallo |
      cartellini | fasce | pareggio | rigore | rimonta | giornata | partitella | briscola | scopa`,
    GROUP: `albanesi | rumeni | romeni | marocchini | tunisini | nigeriani | senegalesi | bengalesi | pakistani | ucraini |
      cinesi | asiatici | africani | extracomunitari | clandestini | profughi | napoletani | meridionali | terroni | polentoni |
      siciliani | calabresi | musulmane | ebree | nere | zingare | nomadi | travestiti | transessuali | disabili | handicappati |
      vecchi | anziani | poveri | barboni | senzatetto | mendicanti`,
    DEHUMAN: `infestano | infestare | infestando | disinfestazione | disinfestare | muffa | si riproducono | si moltiplicano |
      come conigli | come topi | come scarafaggi | razza | razze | ladri | delinquenti | criminali | fannulloni | parassiti |
      gentaglia | marmaglia | feccia | luridi | schifosi | pidocchi | pulci | sanguisughe | subumani`,
    EXCLUDE: `rispedire | rispediti | rispediamoli | rimandare a casa | rimandarli | a casa loro | fuori dall italia |
      fuori dai coglioni | che tornino | espulsione | deportazione | schedare | schedati | schedarli | censimento | registrarli |
      rinchiuderli | campi | affondare i barconi | affondare | lavali col fuoco | a calci | treni | vagoni`,
    IGNITE: `chiudere da fuori | chiudi da fuori | chiusa da fuori | col lucchetto da fuori | sbarrare la porta | sbarra la porta |
      bloccare le uscite | blocca le uscite | con loro dentro | con tutti dentro | con la famiglia dentro | con la gente dentro`,
    HARM: `ammazzo | ammazzi | ammazza | faccio fuori | fai fuori | fa fuori | facciamo fuori | fate fuori | fanno fuori |
      faro fuori | faremo fuori | fatto fuori | far fuori | colpire | menare | pestaggio | botte | di botte |
      un sacco di botte | legnate | una coltellata | coltellata | coltellate | pugnalata | sparo | spari | spariamo | sparato |
      una pallottola | pallottola | piombo | spacco | spacchiamo | spaccare la faccia | rompo | rompiamo |
      gambizzare | sfregiare | soffocare | buttare giu | far saltare in aria | incendio |
      rogo | rapimento | sequestro | conciare | ridurre male | lo riduco | te la faccio pagare | sgozzo | sgozzare | scanno |
      scannare | faccio a pezzi | fare a pezzi | ti faccio a pezzi | sfondo | sfondare | spacco la testa | apro la testa |
      gonfio di botte | gonfiare di botte | a mazzate | mazzate | accoltello | accoltellare | strangolo | strangolare |
      brucio vivo | bruciare vivo`,
    OMEN: `non esci vivo | non ne esci vivo | non uscirai vivo | con i piedi davanti | sotto terra | due metri sotto terra |
      in una cassa | non arrivi a casa | non torni a casa | non torna a casa | non arriva a casa | finisci in un fosso |
      in un fosso | sei morto | sei morta | sei un uomo morto | non resta nessuno | non restera nessuno | non resta niente |
      hai i giorni contati | i tuoi giorni sono contati | e finita per te | ci lasci la pelle`,
    MENACE: `avvisato | avvisata | avvisati | avvertiti | uomo avvisato | a buon intenditor | sei avvisato | vedi tu | scegli tu |
      decidi tu | pensaci bene | sai cosa succede | sai cosa ti succede | quello che e successo a | non e una minaccia |
      e un avvertimento | ultima possibilita | hai tempo fino a | ha tempo fino a | se non paghi | se non firmi | se ci riprovi |
      se lo rifai | stai attento | stia attento | che stia attento | dille di stare attenta | digli di stare attento |
      nessuno si fa male | nessuno si fara male | me la paghi | me la pagherai | te la faro pagare | ci vediamo presto |
      ci vedremo | ti aspettiamo | ti aspetto | veniamo a prenderti | veniamo a trovarti | passeremo a trovarti |
      con le buone o con le cattive | sennò`,
    EVADE: `senza lasciare impronte | senza farti vedere | che nessuno ti veda | butta l arma | liberati dell arma |
      cancella i messaggi | cancella la chat | di che eri | nessuno ti ha visto | ognuno per conto suo`,
  },
  fr: {
    BANTER: `les gars | mouchoirs | stade | supporters | score | egalite | penalty | remontada | journee | scrabble | belote |
      petanque | padel | partie | allez`,
    GROUP: `roumains | marocains | algeriens | tunisiens | senegalais | maliens | nigerians | afghans | pakistanais | turcs |
      chinois | asiatiques | africains | maghrebins | =beurs, beur, beurette, beurettes | renois | rebeus | clandestins | sans papiers | musulmanes |
      juives | noires | gitanes | tziganes | roms | gens du voyage | travelos | transsexuels | handicapees | vieux | pauvres |
      clochards | sdf | mendiants | cassos`,
    DEHUMAN: `infestent | infester | infeste | desinfecter | desinfection | moisissure | se reproduisent | se multiplient |
      comme des lapins | comme des rats | comme des cafards | race | races | voleurs | delinquants | criminels | faineants |
      racaille | vermines | crasseux | pouilleux | poux | puces | sangsues | sous humains`,
    EXCLUDE: `renvoyer | renvoyez les | renvoyer chez eux | chez eux | hors de france | dehors | qu ils retournent |
      qu ils degagent | degagez | expulsion | deportation | remigration | ficher | fiches | recenser | enfermer | camps |
      couler les bateaux | couler les bateaux | qu ils se noient | a coups de pied`,
    IGNITE: `fermer de l exterieur | ferme de l exterieur | cadenas a l exterieur | barricader la porte | bloquer les sorties |
      bloque les sorties | avec eux dedans | avec tout le monde dedans | avec la famille dedans | avec les gens dedans`,
    HARM: `te planter | je te plante | on te plante | le planter | la planter | planter un couteau | faire la peau |
      buter | bute | te crever | crevera | refroidir | zigouiller | trucider | dessouder | flinguer | une balle |
      balle dans la tete | coup de couteau | coups de couteau | coup de poing | casser la gueule | peter la gueule |
      la gueule | defoncer | demolir | tabasser | passage a tabac | raclee | une raclee | rouer de coups | etouffer |
      asphyxier | faire cramer | cramer | foutre le feu | enlevement | sequestrer | kidnapping`,
    OMEN: `tu ne sortiras pas vivant | tu n en sortiras pas vivant | pas vivant | les pieds devant | six pieds sous terre |
      sous terre | dans une boite | tu ne rentreras pas | il ne rentrera pas | elle ne rentrera pas | dans un fosse |
      au bord de la route | t es mort | t es morte | tu es mort | tu es un homme mort | il ne restera personne |
      il ne restera rien | tes jours sont comptes | c est fini pour toi | tu vas y passer | il va y passer`,
    MENACE: `tu es prevenu | t es prevenu | vous etes prevenus | a bon entendeur | a toi de voir |
      a vous de voir | tu choisis | reflechis bien | tu sais ce qui arrive | tu sais ce qui va se passer | ce qui est arrive a |
      ce n est pas une menace | c est un avertissement | derniere chance | tu as jusqu a | vous avez jusqu a | si tu ne paies pas |
      si tu ne signes pas | si tu recommences | fais attention | faites attention | qu il fasse attention | personne ne sera blesse |
      personne n a besoin d etre blesse | tu vas me le payer | tu me le paieras | on se reverra | on t attend |
      on vous attend | on va venir | on viendra te chercher | de gre ou de force`,
    EVADE: `sans laisser d empreintes | sans te faire voir | que personne ne te voie | jette l arme | debarrasse toi de l arme |
      efface les messages | supprime la conversation | dis que tu etais | personne ne t a vu | chacun de son cote`,
  },
  de: {
    BANTER: `jungs | taschentucher | stadion | fans | kurve | auswartsspiel | heimspiel | anpfiff | abpfiff | unentschieden |
      elfmeter | spieltag | kicker | skat | doppelkopf | padel | partie`,
    GROUP: `albaner | rumanen | polen | russen | ukrainer | marokkaner | tunesier | algerier | nigerianer | afghanen | syrer |
      tschetschenen | pakistaner | chinesen | asiaten | tschuschen | jugos | zigeunerinnen | jenische | fahrende | kopftuchmadchen |
      kopftuchfrauen | kopftuchtragerinnen | musliminnen | judinnen | schwarzen | transen | transvestiten | rollstuhlfahrer |
      behinderten | krüppel | kruppel | alte | rentner | arme | obdachlose | penner | bettler | ossis | wessis`,
    DEHUMAN: `befallen | verseuchen | verseucht | ungeziefer | schadlinge | desinfizieren | schimmel | vermehren sich |
      wie die karnickel | wie kaninchen | wie ratten | wie kakerlaken | rasse | rassen | diebe | kriminelle | verbrecher |
      faulpelze | sozialschmarotzer | schmarotzer | gesindel | lumpenpack | dreckspack | muckensack | mullsacke | lause |
      flohe | blutsauger | untermenschen | weiber | blagen | brut | gebarmaschinen`,
    EXCLUDE: `zuruckschicken | zuruckschicken in | rausschmeissen | rauswerfen | rausschaffen | raus mit | ab mit |
      zuruck in die wuste | zuruck nach | heim ins | ausser landes | ausschaffen | ausschaffung | abschiebung | deportieren |
      deportation | remigration | registrieren | erfassen | wegsperren | einsperren | lager | quarantane | boote versenken |
      absaufen lassen | sollen absaufen`,
    IGNITE: `von aussen abschliessen | von aussen verriegeln | schliess von aussen ab | tur verrammeln | verrammelt |
      ausgange blockieren | notausgange blockieren | mit ihnen drin | mit allen drin | mit der familie drin | mit den leuten drin`,
    HARM: `totschlagen | schlag dich tot | abstechen | absticht | stach ab | abgestochen | abknallen | abgeknallt | umlegen |
      umgelegt | alle machen | mach dich alle | kaltmachen | kaltgemacht | fertigmachen | plattmachen | kaputtmachen |
      zusammentreten | zusammengeschlagen | umgebracht | abfackeln | abfackle | abgefackelt | anzunden | angezundet |
      in die luft jagen | in die luft | kugel in den kopf | eine kugel | messerstich | messerstiche | schlage | prugel |
      tracht prugel | aufs maul | die fresse | fresse polieren | in die fresse | erschlagen | ersticken | erdrosseln |
      schubsen | runterstossen | entfuhrung | verschleppen | kidnappen | aufmischen | abgemurkst | mach dich fertig |
      aufschlitzen | schlitz dich auf | kehle durchschneiden | die kehle durch | zerlegen | zerleg dich`,
    OMEN: `lebend kommst du da nicht raus | nicht lebend | mit den fussen voran | unter der erde | sechs fuss unter der erde |
      in einer kiste | kommst nicht nach hause | kommt nicht nach hause | nicht mehr nach hause | im graben | im strassengraben |
      du bist tot | du bist ein toter mann | bist tot | keiner bleibt ubrig | niemand bleibt ubrig | nichts bleibt ubrig |
      deine tage sind gezahlt | es ist aus mit dir | du bist dran | bist du dran | dann bist du dran | nicht mehr erleben |
      wirst du nicht erleben | nicht mehr aufwachen | wachst nicht mehr auf`,
    MENACE: `du bist gewarnt | ihr seid gewarnt | sie sind gewarnt | gewarnt | deine entscheidung | du hast die wahl |
      uberleg es dir gut | du weisst was passiert | du weisst was dann passiert | was mit passiert ist | das ist keine drohung |
      das ist eine warnung | letzte chance | du hast bis | sie haben bis | wenn du nicht zahlst | wenn du nicht unterschreibst |
      wenn du das nochmal machst | pass bloss auf | sag ihm er soll aufpassen | sag ihr sie soll aufpassen |
      niemand wird verletzt | keiner wird verletzt | das wirst du mir bezahlen | das zahl ich dir heim | wir sehen uns |
      wir sehen uns bald | wir warten auf dich | wir holen dich | wir kriegen dich | ich krieg dich`,
    EVADE: `ohne fingerabdrucke | ohne gesehen zu werden | dass dich keiner sieht | wirf die waffe weg | werd die waffe los |
      losch die nachrichten | losch den chat | sag du warst | keiner hat dich gesehen | jeder fur sich`,
  },
};

/**
 * More of the same classes (HARM, WEAPON, OMEN, MENACE), written blind by one writer per language who saw neither the
 * model, these lists nor any labelled text: the first-person and colloquial forms of harm verbs ("te desfiguro",
 * "je t'ouvre en deux", "te dou um balaço"), street words for weapons, finality ("ya valiste", "hai le ore contate")
 * and menace ("los accidentes pasan"). Built by scripts/threat-lexicon.ts from the drafts, less the phrases mostly said
 * harmlessly in the training sets. Entries joined in the list format above.
 */
export const THREAT_LEXICON = Object.fromEntries(
  Object.entries(threatLexicon as Record<EuropeanLanguage, Record<string, string[]>>).map(([language, classes]) => [
    language,
    Object.fromEntries(Object.entries(classes).map(([klass, entries]) => [klass, entries.join(' | ')])),
  ]),
) as Record<EuropeanLanguage, Record<string, string>>;
