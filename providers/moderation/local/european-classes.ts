/**
 * The word lists of the five European languages, in the English class names (see features.ts): written from the
 * policy, not from any training or test text. Entries are folded (no accents) and stemmed when loaded. An entry written
 * `=form, form` is matched on those words only, unstemmed: its stem is also an everyday word's ("=leber, lebern" is the
 * liver, not "leben"; "=ritardato" a slur, not "ritardo").
 */
import type { EuropeanLanguage } from './european.ts';

/**
 * Word classes per language, in the English class names. Multi-word entries match consecutive words.
 */
export const EUROPEAN_CLASSES: Record<EuropeanLanguage, Record<string, string>> = {
  es: {
    HARM: `matar | mato | mata | asesinar | apunalar | acuchillar | disparar | balear | tirotear | estrangular | ahorcar | ahogar | golpear |
      pegar | romper | partir | quemar | incendiar | prender fuego | envenenar | degollar | decapitar | torturar | mutilar | violar |
      atacar | herir | lastimar | destrozar | reventar | aplastar | volar | hacer volar | acabar con | liquidar | cargarse | eliminar |
      atropellar | arrollar | secuestrar | llevarse | rajar | cortar | apalear | linchar | fusilar | ejecutar | masacrar | dinamitar`,
    DEATH: `muerto | muerta | muerte | morir | cadaver | tumba | sangre | entierro | funeral | ataud`,
    WEAPON: `pistola | arma | rifle | escopeta | fusil | revolver | =bala, balas | municion | cuchillo | navaja | machete | hacha | bate | martillo |
      cuerda | acido | bomba | explosivo | =granada, granadas | detonador | mecha | temporizador | metralla | clavos | tubo | olla a presion |
      molotov | gasolina | fertilizante | veneno | cianuro | arsenico | anticongelante | matarratas | raticida | coche | camion |
      furgoneta | vehiculo | bridas | cinta americana | cloroformo | sedante | somnifero | pastilla`,
    MAKE: `hacer | fabricar | construir | montar | mezclar | combinar | llenar | rellenar | conectar | verter | echar | calentar | sellar |
      cargar | apuntar | encender | detonar | esconder | ocultar | disfrazar | echarle | ponerle | esperar | aparcar | bloquear |
      atraer | seguir | acechar | acorralar | acercarse | consigue | compra | comprar | conseguir`,
    STEP: `paso | primero | segundo | tercero | luego | despues | a continuacion | finalmente | asegurate | necesitas | vas a necesitar |
      ingrediente | material | guia | tutorial | instrucciones | como hacer | la mejor manera | truco | metodo | receta | plan`,
    MAXIMISE: `multitud | muchedumbre | gente | lleno | hora punta | el mayor dano | el maximo | sin testigos | sin que te pillen |
      sin dejar rastro | sin rastro | la policia | coartada | deshacerse del cuerpo | huellas | camaras | lejia | parezca un accidente |
      como un accidente | poco a poco | cada dia | huir | escapar | desaparecer`,
    GORE_PART: `carne | piel | hueso | craneo | cerebro | ojo | intestinos | tripas | entranas | organo | higado | corazon | pulmon |
      vena | arteria | garganta | cuello | mandibula | dientes | lengua | columna | costilla | cara | cabeza | estomago | vientre`,
    GORE_ACT: `chorrear | brotar | salpicar | arrancar | desgarrar | despellejar | crujir | astillar | colgar | reventar | pudrir | gusanos`,
    GORE_WORD: `sangre | sangriento | visceras | entranas | tripas | sesos | carniceria | mutilado | desmembrado | decapitado | despedazado`,
    SEX: `sexo | follar | follando | polla | verga | pene | cono | vagina | clitoris | =correrse, correrme, correrte | orgasmo | desnuda | desnudo | pezones |
      tetas | pechos | ereccion | cachondo | cachonda | chupar | mamada | paja | porno | pornografia | masturbar | coger | culo |
      puta | zorra | semen | consolador | trio | penetrar | follame | chupamela`,
    INTIMATE: `besar | beso | labios | lengua | tocar | acariciar | cama | sabanas | desnudar | bragas | sujetador | muslos | caderas |
      cuerpo | piel | deseo | placer | gemir | gemido | jadear | temblar | humeda | duro | mas fuerte | mas rapido`,
    MINOR: `nino | nina | ninos | crio | cria | menor | menor de edad | anos | colegiala | alumna | alumno | sobrina | hija | hijo | bebe`,
    SOLICIT: `manda | enviame | foto | fotos | desnudos | quedamos | ven a casa | secreto | no se lo digas | camara | precio | servicio`,
    GROUP: `judio | judios | musulman | musulmanes | moro | moros | gitano | gitanos | negro | negros | inmigrante | inmigrantes |
      extranjero | extranjeros | refugiado | refugiados | sudaca | sudacas | arabe | arabes | chino | chinos | gay | gays |
      homosexual | homosexuales | lesbiana | lesbianas | trans | transexual | mujeres | feminista | feministas | latinos | indios |
      indigenas | rumano | rumanos | marroqui | marroquies | africano | africanos | discapacitados | minusvalidos | esa gente`,
    SLUR: `maricon | maricones | marica | bollera | sudaca | sudacas | negrata | panchito | moraco | =tortillera, tortilleras | subnormal | =retrasado, retrasada, retrasados, retrasadas | machirulo`,
    DEHUMAN: `ratas | rata | cucarachas | parasitos | plaga | bestias | animales | basura | escoria | infrahumanos | salvajes | cerdos |
      perros | virus | cancer | invasores | invasion | inferiores | degenerados | sucios | apestan | enfermedad`,
    EXCLUDE: `deportar | expulsar | exterminar | eliminar | limpiar | echar | fuera | exterminio | genocidio | esterilizar | quemar |
      colgar | matar | no pertenecen | no son bienvenidos | que se vayan | volver a su pais | reemplazo | invadir`,
    GENERALIZE: `todos | todas | cada | esos | esas | ellos | ellas | siempre | nunca | por naturaleza | como todos | son todos`,
    I_WILL: `voy a | vamos a | te voy a | os voy a | lo voy a | la voy a | te juro | juro | pienso | quiero | mañana voy | ya veras |
      me voy a | vas a ver | te prometo`,
    YOU: `tu | ti | te | usted | vosotros | os | contigo | tuyo | tuya`,
    TARGET: `esposa | mujer | marido | ex | novia | novio | pareja | madre | padre | hermano | hermana | familia | hijos | vecino | vecina |
      casero | jefe | jefa | companero | profesor | profesora | director | doctor | juez | abogado | policia | alcalde | alcaldesa |
      concejal | diputado | senador | presidente | ministro | periodista | escuela | colegio | oficina | iglesia | mezquita |
      sinagoga | tienda | centro comercial | concierto | mitin | estacion | casa | direccion | calle | trabajo | mercado | plaza`,
    MENACE: `se donde vives | se donde | te encontrare | cuidate | te arrepentiras | lo pagaras | pagaras | aviso | ultimo aviso |
      a por ti | vas a ver | esta noche | manana | pronto | cuando menos lo esperes | o si no | si no | la proxima vez |
      desaparecer | nadie te encontrara | ya veras | venganza | se a que hora | sale de su casa`,
    REPORT: `policia | segun | informo | informe | tribunal | juicio | condenado | acusado | detenido | fiscal | jurado | investigador |
      sospechoso | victima | presunto | presuntamente | noticia | periodista | declaracion | testigo | veredicto | articulo | reportaje`,
    HISTORY: `historia | historiador | historico | siglo | guerra | regimen | propaganda | museo | holocausto | genocidio | epoca | imperio |
      colonial | esclavitud | nazi | medieval | batalla | soldado | ejercito | curso | clase | estudio | investigacion`,
    MEDICAL: `paciente | medico | cirujano | cirugia | hospital | tratamiento | diagnostico | sintoma | herida | anatomia | enfermera |
      examen | salud | cancer | infeccion | biologia | anticonceptivo | condon | consentimiento | educacion sexual | autopsia | forense`,
    FICTION: `erase una vez | habia una vez | cuento | novela | capitulo | personaje | villano | heroe | lobo | dragon | bruja |
      princesa | rey | reina | caballero | monstruo | zombi | vampiro | fantasma | reino | castillo | magia | leyenda | pelicula |
      serie | libro | escena | guion | videojuego`,
    BANTER: `partido | equipo | jugar | ganar | perder | liga | ajedrez | torneo | temporada | final | jaja | broma | bromeando | futbol |
      baloncesto | tenis | carrera | examen | entrevista | primer tiempo | segundo tiempo | cuarto | gol | goles | canasta | rival | derbi | clasico`,
    FOOD: `receta | cocinar | pollo | ternera | cerdo | cordero | pescado | carne | cocina | horno | parrilla | filete | filetear | tarta | pastel | pizza | postre | trozo | galletas | chocolate`,
    META: `racista | racismo | discurso de odio | insulto | discriminacion | ofensivo | prejuicio | estereotipo | xenofobia | homofobia |
      acoso | abuso | denuncie | inaceptable | vergonzoso | me llamo | me grito`,
    SAFETY: `seguridad | nunca | evitar | precaucion | proteger | defensa personal | emergencia | llama al 112 | ayuda | prevenir |
      riesgo | peligro | guantes | gafas | extintor | fuera del alcance`,
    NEGATE: `no | nunca | nadie | nada | sin | jamas`,
    FUTURE: `voy a | vas a | va a | vamos a | van a | manana | esta noche | pronto | el lunes | el martes | el miercoles | el jueves |
      el viernes | el sabado | el domingo`,
  },
  pt: {
    HARM: `matar | mato | mata | assassinar | esfaquear | apunhalar | atirar | balear | estrangular | enforcar | afogar | bater | espancar |
      quebrar | partir | queimar | incendiar | por fogo | envenenar | degolar | decapitar | torturar | mutilar | estuprar | violar |
      atacar | ferir | machucar | destruir | explodir | esmagar | acabar com | eliminar | atropelar | sequestrar | cortar | linchar |
      executar | massacrar | furar | arrebentar | dar um tiro`,
    DEATH: `morto | morta | morte | morrer | cadaver | tumulo | sangue | enterro | funeral | caixao`,
    WEAPON: `pistola | arma | revolver | rifle | espingarda | fuzil | =bala, balas | municao | faca | canivete | facao | machado | taco | martelo |
      corda | acido | bomba | explosivo | =granada, granadas | detonador | pavio | temporizador | estilhacos | pregos | cano | panela de pressao |
      molotov | gasolina | fertilizante | veneno | cianeto | arsenico | anticongelante | chumbinho | carro | caminhao | van | veiculo |
      abracadeiras | fita adesiva | cloroformio | sedativo | comprimido`,
    MAKE: `fazer | fabricar | construir | montar | misturar | combinar | encher | conectar | derramar | despejar | aquecer | selar |
      carregar | mirar | acender | detonar | esconder | disfarcar | colocar | esperar | estacionar | bloquear | atrair | seguir |
      perseguir | encurralar | aproximar | compre | comprar | arranje | conseguir`,
    STEP: `passo | primeiro | segundo | terceiro | depois | em seguida | finalmente | certifique | voce precisa | vai precisar |
      ingrediente | material | guia | tutorial | instrucoes | como fazer | a melhor maneira | truque | metodo | receita | plano`,
    MAXIMISE: `multidao | gente | lotado | hora do rush | hora de ponta | o maximo | sem testemunhas | sem ser pego | sem deixar rastro |
      sem rastro | a policia | alibi | livrar do corpo | digitais | cameras | agua sanitaria | lixivia | pareca um acidente |
      como um acidente | aos poucos | todo dia | todos os dias | fugir | escapar | sumir`,
    GORE_PART: `carne | pele | osso | cranio | cerebro | olho | intestinos | tripas | entranhas | orgao | figado | coracao | pulmao | =veia, veias |
      arteria | garganta | pescoco | mandibula | dentes | lingua | coluna | costela | rosto | cabeca | estomago | barriga`,
    GORE_ACT: `jorrar | esguichar | espirrar | arrancar | rasgar | esfolar | estalar | pendurar | apodrecer | vermes`,
    GORE_WORD: `sangue | sangrento | visceras | entranhas | tripas | miolos | carnificina | mutilado | desmembrado | decapitado | despedacado`,
    SEX: `sexo | foder | fodendo | pau | pica | penis | buceta | vagina | clitoris | gozar | orgasmo | nua | nu | mamilos | peitos | seios |
      tesao | chupar | boquete | punheta | porno | pornografia | masturbar | transar | cu | puta | vadia | semen | vibrador |
      penetrar | me fode`,
    INTIMATE: `beijar | beijo | labios | lingua | tocar | acariciar | cama | lencois | despir | calcinha | sutia | coxas | quadris | corpo |
      pele | desejo | prazer | gemer | gemido | ofegar | tremer | molhada | duro | mais forte | mais rapido`,
    MINOR: `crianca | criancas | menino | menina | menor | menor de idade | anos | aluna | aluno | sobrinha | filha | filho | bebe`,
    SOLICIT: `manda | me manda | foto | fotos | nudes | encontrar | vem pra casa | segredo | nao conta | camera | preco | programa`,
    GROUP: `judeu | judeus | muculmano | muculmanos | cigano | ciganos | negro | negros | imigrante | imigrantes | estrangeiro |
      estrangeiros | refugiado | refugiados | arabe | arabes | chines | chineses | gay | gays | homossexual | homossexuais | lesbica |
      lesbicas | trans | travesti | mulheres | feminista | feministas | nordestino | nordestinos | indio | indios | indigenas |
      africano | africanos | deficientes | essa gente`,
    SLUR: `viado | viados | bicha | sapatao | macaco | crioulo | baianada | paraiba | retardado | mongoloide | traveco`,
    DEHUMAN: `ratos | rato | baratas | parasitas | praga | bestas | animais | lixo | escoria | sub-humanos | selvagens | porcos | caes |
      virus | cancer | invasores | invasao | inferiores | degenerados | sujos | fedem | doenca`,
    EXCLUDE: `deportar | expulsar | exterminar | eliminar | limpar | fora | exterminio | genocidio | esterilizar | queimar | enforcar |
      matar | nao pertencem | nao sao bem-vindos | voltem para | substituicao | invadir`,
    GENERALIZE: `todos | todas | cada | esses | essas | eles | elas | sempre | nunca | por natureza | como todos | sao todos`,
    I_WILL: `vou | vamos | eu vou | te juro | juro | quero | amanha vou | voce vai ver | prometo`,
    YOU: `voce | te | ti | tu | contigo | vos | teu | tua`,
    TARGET: `esposa | mulher | marido | ex | namorada | namorado | mae | pai | irmao | irma | familia | filhos | vizinho | vizinha |
      senhorio | chefe | colega | professor | professora | diretor | medico | juiz | advogado | policial | prefeito | prefeita |
      vereador | deputado | senador | presidente | ministro | jornalista | escola | colegio | escritorio | igreja | mesquita |
      sinagoga | loja | shopping | show | comicio | estacao | casa | endereco | rua | trabalho | mercado | praca`,
    MENACE: `sei onde voce mora | sei onde | vou te encontrar | cuidado | vai se arrepender | vai pagar | aviso | ultimo aviso |
      voce vai ver | hoje a noite | amanha | em breve | quando menos esperar | ou entao | senao | da proxima vez | sumir |
      ninguem vai te achar | vinganca | sei a que horas | sai de casa`,
    REPORT: `policia | segundo | informou | relatorio | tribunal | julgamento | condenado | acusado | preso | promotor | juri | investigador |
      suspeito | vitima | suposto | supostamente | noticia | jornalista | declaracao | testemunha | veredito | artigo | reportagem`,
    HISTORY: `historia | historiador | historico | seculo | guerra | regime | propaganda | museu | holocausto | genocidio | epoca | imperio |
      colonial | escravidao | nazista | medieval | batalha | soldado | exercito | curso | aula | estudo | pesquisa`,
    MEDICAL: `paciente | medico | cirurgiao | cirurgia | hospital | tratamento | diagnostico | sintoma | ferida | anatomia | enfermeira |
      exame | saude | cancer | infeccao | biologia | anticoncepcional | camisinha | consentimento | educacao sexual | autopsia | legista`,
    FICTION: `era uma vez | conto | historia | romance | capitulo | personagem | vilao | heroi | lobo | dragao | bruxa | princesa |
      rei | rainha | cavaleiro | monstro | zumbi | vampiro | fantasma | reino | castelo | magia | lenda | filme | serie | livro |
      cena | roteiro | videogame`,
    BANTER: `jogo | partida | time | jogar | ganhar | perder | campeonato | xadrez | torneio | temporada | final | kkk | haha | brincadeira |
      brincando | futebol | basquete | tenis | corrida | prova | entrevista | primeiro tempo | segundo tempo | gol | gols | cesta | rival | classico`,
    FOOD: `receita | cozinhar | frango | carne | porco | cordeiro | peixe | cozinha | forno | churrasco | grelha | file | filetar | bolo | pedaco | pizza | sobremesa | biscoitos | chocolate`,
    META: `racista | racismo | discurso de odio | insulto | discriminacao | ofensivo | preconceito | estereotipo | xenofobia | homofobia |
      assedio | abuso | denunciei | inaceitavel | vergonhoso | me chamou | gritou comigo`,
    SAFETY: `seguranca | nunca | evitar | proteger | defesa pessoal | emergencia | ligue 190 | ajuda | prevenir | risco | perigo |
      luvas | oculos | extintor | fora do alcance`,
    NEGATE: `nao | nunca | ninguem | nada | sem | jamais`,
    FUTURE: `vou | vai | vamos | vao | amanha | hoje a noite | em breve | na segunda | na terca | na quarta | na quinta | na sexta |
      no sabado | no domingo`,
  },
  it: {
    HARM: `uccidere | ammazzare | ammazzo | uccido | accoltellare | pugnalare | sparare | strangolare | impiccare | affogare | annegare |
      picchiare | pestare | rompere | spaccare | bruciare | incendiare | dare fuoco | avvelenare | sgozzare | decapitare | torturare |
      mutilare | stuprare | violentare | attaccare | ferire | fare male | distruggere | far saltare | schiacciare | eliminare |
      investire | rapire | sequestrare | tagliare | linciare | giustiziare | massacrare | fare fuori | squartare`,
    DEATH: `morto | morta | morte | morire | cadavere | tomba | sangue | sepoltura | funerale | bara`,
    WEAPON: `pistola | arma | fucile | revolver | proiettile | munizioni | coltello | machete | ascia | mazza | martello | corda | acido |
      bomba | esplosivo | granata | detonatore | miccia | timer | schegge | chiodi | tubo | pentola a pressione | molotov | benzina |
      fertilizzante | veleno | cianuro | arsenico | antigelo | topicida | macchina | auto | camion | furgone | veicolo | fascette |
      nastro adesivo | cloroformio | sedativo | sonnifero | pillola`,
    MAKE: `fare | fabbricare | costruire | montare | mescolare | combinare | riempire | collegare | versare | scaldare | sigillare |
      caricare | mirare | accendere | detonare | nascondere | travestire | mettere | aspettare | parcheggiare | bloccare | attirare |
      seguire | pedinare | avvicinare | compra | comprare | procurati | procurare`,
    STEP: `passo | primo | secondo | terzo | poi | dopo | infine | assicurati | ti serve | avrai bisogno | ingrediente | materiale |
      guida | tutorial | istruzioni | come fare | il modo migliore | trucco | metodo | ricetta | piano`,
    MAXIMISE: `folla | gente | affollato | ora di punta | il massimo | senza testimoni | senza farsi beccare | senza lasciare tracce |
      senza tracce | la polizia | alibi | sbarazzarsi del corpo | impronte | telecamere | candeggina | sembri un incidente |
      come un incidente | poco a poco | ogni giorno | scappare | fuggire | sparire`,
    GORE_PART: `carne | pelle | osso | cranio | cervello | occhio | intestino | budella | viscere | organo | fegato | cuore | polmone | =vena, vene |
      arteria | gola | collo | mascella | denti | lingua | colonna | costola | faccia | testa | stomaco | pancia`,
    GORE_ACT: `sgorgare | zampillare | schizzare | strappare | scuoiare | scricchiolare | penzolare | marcire | vermi`,
    GORE_WORD: `sangue | sanguinoso | viscere | budella | cervella | carneficina | mutilato | smembrato | decapitato | squartato`,
    SEX: `sesso | scopare | scopando | cazzo | pene | figa | fica | vagina | clitoride | orgasmo | nuda | nudo | capezzoli | =tette, tetta |
      seno | erezione | eccitato | eccitata | succhiare | pompino | sega | porno | pornografia | masturbare | culo | troia |
      puttana | sperma | vibratore | penetrare | scopami`,
    INTIMATE: `baciare | bacio | labbra | lingua | toccare | accarezzare | letto | lenzuola | spogliare | mutandine | reggiseno | cosce |
      fianchi | corpo | pelle | desiderio | piacere | gemere | gemito | ansimare | tremare | bagnata | duro | piu forte | piu veloce`,
    MINOR: `bambino | bambina | bambini | ragazzino | ragazzina | minorenne | anni | scolaretta | alunna | alunno | nipote | figlia | figlio`,
    SOLICIT: `mandami | foto | nudi | vediamoci | vieni a casa | segreto | non dirlo | webcam | prezzo | servizio`,
    GROUP: `ebreo | ebrei | musulmano | musulmani | zingaro | zingari | rom | nero | neri | immigrato | immigrati | straniero | stranieri |
      rifugiato | rifugiati | arabo | arabi | cinese | cinesi | gay | omosessuale | omosessuali | lesbica | lesbiche | trans |
      donne | femminista | femministe | africano | africani | meridionali | terroni | disabili | quella gente`,
    SLUR: `frocio | froci | finocchio | ricchione | negro | negri | terrone | terroni | zingaraccio | mongoloide | =ritardato, ritardata, ritardati, ritardate | culattone`,
    DEHUMAN: `ratti | topi | scarafaggi | parassiti | piaga | bestie | animali | spazzatura | feccia | subumani | selvaggi | maiali | cani |
      virus | cancro | invasori | invasione | inferiori | degenerati | sporchi | puzzano | malattia`,
    EXCLUDE: `deportare | espellere | sterminare | eliminare | ripulire | fuori | sterminio | genocidio | sterilizzare | bruciare |
      impiccare | uccidere | non appartengono | non sono benvenuti | tornino a casa loro | sostituzione | invadere`,
    GENERALIZE: `tutti | tutte | ogni | quelli | quelle | loro | sempre | mai | per natura | come tutti | sono tutti`,
    I_WILL: `domani ti | giuro | ti giuro | voglio | vedrai | ti prometto | ho intenzione di | stasera ti | vado a | vengo a |
      verro a | andiamo a | veniamo a | sto per | stiamo per | adesso vado`,
    YOU: `tu | te | ti | voi | vi | tuo | tua`,
    TARGET: `moglie | marito | ex | fidanzata | fidanzato | madre | padre | fratello | sorella | famiglia | figli | vicino | vicina |
      padrone di casa | capo | collega | professore | professoressa | preside | medico | giudice | avvocato | poliziotto | sindaco |
      consigliere | deputato | senatore | presidente | ministro | giornalista | scuola | ufficio | chiesa | moschea | sinagoga |
      negozio | centro commerciale | concerto | comizio | stazione | casa | indirizzo | via | lavoro | mercato | piazza`,
    MENACE: `so dove abiti | so dove | ti trovo | ti trovero | stai attento | te ne pentirai | la pagherai | pagherai | avvertimento |
      ultimo avvertimento | vedrai | stasera | domani | presto | quando meno te lo aspetti | altrimenti | la prossima volta |
      sparire | nessuno ti trovera | vendetta | so a che ora | esce di casa`,
    REPORT: `polizia | secondo | riferito | rapporto | tribunale | processo | condannato | accusato | arrestato | procuratore | giuria |
      investigatore | sospettato | vittima | presunto | presumibilmente | notizia | giornalista | dichiarazione | testimone |
      verdetto | articolo | inchiesta`,
    HISTORY: `storia | storico | secolo | guerra | regime | propaganda | museo | olocausto | genocidio | epoca | impero | coloniale |
      schiavitu | nazista | fascista | medievale | battaglia | soldato | esercito | corso | lezione | studio | ricerca`,
    MEDICAL: `paziente | medico | chirurgo | chirurgia | ospedale | trattamento | diagnosi | sintomo | ferita | anatomia | infermiera |
      esame | salute | cancro | infezione | biologia | contraccettivo | preservativo | consenso | educazione sessuale | autopsia`,
    FICTION: `c'era una volta | c era una volta | fiaba | favola | racconto | romanzo | capitolo | personaggio | eroe | lupo |
      drago | strega | principessa | regina | cavaliere | mostro | zombie | vampiro | fantasma | regno | castello | magia |
      leggenda | film | serie | libro | scena | copione | gioco | videogioco`,
    BANTER: `partita | squadra | giocare | vincere | perdere | campionato | scacchi | torneo | stagione | finale | ahah | scherzo |
      scherzando | calcio | basket | tennis | gara | esame | colloquio | primo tempo | secondo tempo | gol | canestro | rivale | derby`,
    FOOD: `ricetta | cucinare | pollo | manzo | maiale | agnello | pesce | carne | cucina | forno | griglia | filetto | sfilettare | fetta | tiramisu | pizza | torta | dolce | biscotti | cioccolato`,
    META: `razzista | razzismo | incitamento all'odio | insulto | discriminazione | offensivo | pregiudizio | stereotipo | xenofobia |
      omofobia | molestie | abuso | denunciato | inaccettabile | vergognoso | mi ha chiamato | mi ha urlato`,
    SAFETY: `sicurezza | mai | evitare | proteggere | autodifesa | emergenza | chiama il 112 | aiuto | prevenire | rischio |
      pericolo | guanti | occhiali | estintore | fuori dalla portata`,
    NEGATE: `non | mai | nessuno | niente | nulla | senza`,
    FUTURE: `domani | stasera | presto | lunedi | martedi | mercoledi | giovedi | venerdi | sabato | domenica`,
  },
  fr: {
    HARM: `tuer | tue | assassiner | poignarder | tirer | abattre | etrangler | pendre | noyer | frapper | tabasser | casser | briser |
      bruler | incendier | mettre le feu | empoisonner | egorger | decapiter | torturer | mutiler | violer | attaquer | blesser |
      faire mal | detruire | faire sauter | ecraser | eliminer | buter | crever | renverser | enlever | kidnapper | couper |
      lyncher | executer | massacrer | trancher | descendre | saigner | defoncer | cramer`,
    DEATH: `mort | morte | mourir | cadavre | tombe | sang | enterrement | funerailles | cercueil`,
    WEAPON: `pistolet | arme | fusil | revolver | balle | munitions | couteau | machette | hache | batte | marteau | corde | acide |
      bombe | explosif | grenade | detonateur | meche | minuteur | eclats | clous | tuyau | cocotte-minute | cocotte minute |
      molotov | essence | engrais | poison | cyanure | arsenic | antigel | mort-aux-rats | voiture | camion | camionnette |
      vehicule | serre-flex | ruban adhesif | chloroforme | sedatif | somnifere | cachet`,
    MAKE: `faire | fabriquer | construire | monter | melanger | combiner | remplir | connecter | verser | chauffer | sceller | charger |
      viser | allumer | declencher | cacher | dissimuler | deguiser | mettre | attendre | garer | bloquer | attirer | suivre |
      traquer | coincer | approcher | achete | acheter | procure | procurer`,
    STEP: `etape | d'abord | premierement | ensuite | puis | apres | enfin | assure-toi | il te faut | tu auras besoin | ingredient |
      materiel | guide | tutoriel | instructions | comment faire | la meilleure facon | astuce | methode | recette | plan`,
    MAXIMISE: `foule | monde | bonde | heure de pointe | le maximum | sans temoins | sans te faire prendre | sans laisser de traces |
      sans trace | la police | alibi | se debarrasser du corps | empreintes | cameras | javel | ressemble a un accident |
      comme un accident | petit a petit | chaque jour | tous les jours | fuir | s'enfuir | disparaitre`,
    GORE_PART: `chair | peau | os | crane | cerveau | oeil | yeux | intestins | tripes | entrailles | organe | foie | coeur | poumon | veine |
      artere | gorge | cou | machoire | dents | langue | colonne | cote | visage | tete | estomac | ventre`,
    GORE_ACT: `jaillir | gicler | eclabousser | arracher | dechirer | ecorcher | craquer | pendre | =pourrir, pourri, pourrie, pourris, pourries, pourrit, pourrissent, pourrissant | asticots | vers`,
    GORE_WORD: `sang | sanglant | visceres | entrailles | tripes | cervelle | carnage | mutile | demembre | decapite | dechiquete`,
    SEX: `sexe | baiser | niquer | bite | queue | penis | chatte | vagin | clitoris | jouir | orgasme | nue | nu | tetons | seins | nichons |
      erection | excite | excitee | sucer | pipe | branler | porno | pornographie | masturber | cul | salope | pute | sperme |
      godemiche | penetrer | baise-moi`,
    INTIMATE: `embrasser | baiser | levres | langue | toucher | caresser | lit | draps | deshabiller | culotte | soutien-gorge | cuisses |
      hanches | corps | peau | desir | plaisir | gemir | gemissement | haleter | trembler | mouillee | dur | plus fort | plus vite`,
    MINOR: `enfant | enfants | gamin | gamine | fillette | mineur | mineure | ans | ecoliere | eleve | niece | fille | fils | bebe`,
    SOLICIT: `envoie | envoie-moi | photo | photos | nudes | on se voit | viens chez moi | secret | ne dis rien | webcam | prix | service`,
    GROUP: `juif | juifs | musulman | musulmans | arabe | arabes | bougnoule | noir | noirs | immigre | immigres | immigrant | immigrants |
      etranger | etrangers | refugie | refugies | migrants | chinois | gay | gays | homosexuel | homosexuels | lesbienne |
      lesbiennes | trans | femmes | feministe | feministes | roms | gitans | africain | africains | maghrebins | handicapes | ces gens`,
    SLUR: `pede | pedes | tapette | gouine | bougnoule | bougnoules | negre | negres | bamboula | youpin | youpins | bicot | raton |
      chinetoque | attarde | mongol | sale arabe | sale noir`,
    DEHUMAN: `rats | rat | cafards | vermine | parasites | fleau | betes | animaux | ordures | racaille | sous-hommes | sauvages | porcs |
      chiens | virus | cancer | envahisseurs | invasion | inferieurs | degeneres | sales | puent | maladie`,
    EXCLUDE: `deporter | expulser | exterminer | eliminer | nettoyer | dehors | extermination | genocide | steriliser | bruler | pendre |
      tuer | n'ont rien a faire ici | pas les bienvenus | qu'ils rentrent chez eux | grand remplacement | remplacement | envahir`,
    GENERALIZE: `tous | toutes | chaque | ces | ceux | eux | ils | elles | toujours | jamais | par nature | comme tous | sont tous`,
    I_WILL: `je vais | on va | nous allons | je te jure | je jure | je veux | demain je | tu vas voir | je te promets | je compte`,
    YOU: `tu | te | toi | vous | ton | ta | tes`,
    TARGET: `femme | epouse | mari | ex | copine | copain | mere | pere | frere | soeur | famille | enfants | voisin | voisine |
      proprietaire | patron | chef | collegue | professeur | prof | directeur | medecin | juge | avocat | policier | maire |
      conseiller | depute | senateur | president | ministre | journaliste | ecole | college | bureau | eglise | mosquee |
      synagogue | magasin | centre commercial | concert | meeting | gare | maison | adresse | rue | travail | marche | place`,
    MENACE: `je sais ou tu habites | je sais ou | je vais te trouver | fais gaffe | tu vas le regretter | tu vas payer | tu le paieras |
      avertissement | dernier avertissement | tu vas voir | ce soir | demain | bientot | quand tu t'y attendras le moins |
      sinon | la prochaine fois | disparaitre | personne ne te retrouvera | vengeance | je sais a quelle heure | sort de chez`,
    REPORT: `police | selon | a declare | rapport | tribunal | proces | condamne | accuse | arrete | procureur | jury | enqueteur |
      suspect | victime | presume | presumement | nouvelle | journaliste | declaration | temoin | verdict | article | enquete`,
    HISTORY: `histoire | historien | historique | siecle | guerre | regime | propagande | musee | holocauste | shoah | genocide | epoque |
      empire | colonial | esclavage | nazi | medieval | bataille | soldat | armee | cours | lecon | etude | recherche`,
    MEDICAL: `patient | medecin | chirurgien | chirurgie | hopital | traitement | diagnostic | symptome | plaie | blessure | anatomie |
      infirmiere | examen | sante | cancer | infection | biologie | contraception | preservatif | consentement | education sexuelle |
      autopsie | legiste`,
    FICTION: `il etait une fois | conte | roman | chapitre | personnage | heros | loup | dragon | sorciere | princesse | roi |
      reine | chevalier | monstre | zombie | vampire | fantome | royaume | chateau | magie | legende | film | serie | livre |
      scene | scenario | jeu | jeu video`,
    BANTER: `match | equipe | jouer | gagner | perdre | championnat | echecs | tournoi | saison | finale | mdr | lol | blague |
      je plaisante | foot | football | basket | tennis | course | examen | entretien | mi-temps | quart-temps | premier quart | but | buts | panier | adversaire | derby`,
    FOOD: `recette | cuisiner | poulet | boeuf | porc | agneau | poisson | viande | cuisine | four | grill | filet | fileter | gateau | pizza | dessert | biscuits | chocolat`,
    META: `raciste | racisme | discours de haine | insulte | discrimination | offensant | prejuge | stereotype | xenophobie | homophobie |
      harcelement | abus | signale | inacceptable | honteux | m'a traite | m'a crie`,
    SAFETY: `securite | jamais | eviter | proteger | autodefense | legitime defense | urgence | appelez le 17 | aide | prevenir |
      risque | danger | gants | lunettes | extincteur | hors de portee`,
    NEGATE: `ne | pas | jamais | personne | rien | sans`,
    FUTURE: `vais | vas | va | allons | allez | vont | demain | ce soir | bientot | lundi | mardi | mercredi | jeudi | vendredi |
      samedi | dimanche`,
  },
  de: {
    HARM: `toten | umbringen | ermorden | abstechen | erstechen | erschiessen | abknallen | erwurgen | erhangen | aufhangen | ertranken |
      schlagen | verprugeln | zusammenschlagen | brechen | verbrennen | anzunden | abfackeln | vergiften | aufschlitzen | =köpfen, köpfe, köpft, köpfte, geköpft |
      foltern | verstummeln | vergewaltigen | angreifen | verletzen | wehtun | zerstoren | sprengen | in die luft jagen | zerquetschen |
      erledigen | kaltmachen | platt machen | uberfahren | entfuhren | schneiden | lynchen | hinrichten | massakrieren | abschlachten |
      abmurksen | umlegen | fertigmachen | bring dich um | bringe dich um | mach dich kalt`,
    DEATH: `tot | tote | tod | sterben | leiche | grab | blut | beerdigung | sarg`,
    WEAPON: `pistole | waffe | gewehr | flinte | revolver | kugel | munition | =messer, messern, messers | machete | axt | beil | baseballschlager | hammer |
      seil | saure | bombe | sprengstoff | granate | zunder | zundschnur | timer | splitter | nagel | nagel | rohr | schnellkochtopf |
      molotow | benzin | dunger | gift | zyankali | arsen | frostschutzmittel | rattengift | auto | lkw | laster | transporter |
      fahrzeug | kabelbinder | klebeband | chloroform | beruhigungsmittel | schlaftabletten | tablette`,
    MAKE: `machen | bauen | herstellen | zusammenbauen | mischen | vermischen | fullen | verbinden | giessen | erhitzen | versiegeln |
      laden | zielen | anzunden | zunden | verstecken | tarnen | warten | parken | blockieren | locken | folgen | verfolgen |
      auflauern | nahern | kauf | kaufen | besorg | besorgen`,
    STEP: `schritt | zuerst | erstens | zweitens | dann | danach | anschliessend | schliesslich | achte darauf | du brauchst |
      zutaten | material | anleitung | tutorial | so geht | wie man | der beste weg | trick | methode | rezept | plan`,
    MAXIMISE: `menge | menschenmenge | voll | berufsverkehr | moglichst viele | ohne zeugen | ohne erwischt zu werden | ohne spuren |
      keine spuren | die polizei | alibi | leiche loswerden | fingerabdrucke | kameras | bleiche | wie ein unfall | nach einem unfall |
      nach und nach | jeden tag | fliehen | abhauen | verschwinden`,
    GORE_PART: `fleisch | haut | knochen | schadel | gehirn | hirn | auge | darme | gedarme | eingeweide | organ | =leber, lebern | herz | lunge |
      vene | arterie | kehle | hals | kiefer | zahne | zunge | wirbelsaule | rippe | gesicht | kopf | magen | bauch`,
    GORE_ACT: `spritzen | quellen | heraushangen | reissen | zerreissen | hauten | knacken | splittern | baumeln | verrotten | maden`,
    GORE_WORD: `blut | blutig | eingeweide | gedarme | hirnmasse | gemetzel | verstummelt | zerstuckelt | gekopft | zerfetzt`,
    SEX: `sex | ficken | fickt | schwanz | penis | muschi | fotze | vagina | klitoris | orgasmus | nackt | nippel | titten |
      brust | bruste | erektion | geil | lutschen | blasen | blowjob | wichsen | porno | pornografie | masturbieren | arsch |
      schlampe | hure | sperma | dildo | vibrator | dreier | eindringen | fick mich`,
    INTIMATE: `kussen | kuss | lippen | zunge | beruhren | streicheln | bett | laken | ausziehen | hoschen | bh | schenkel | hufte |
      korper | haut | verlangen | lust | stohnen | keuchen | zittern | feucht | hart | harter | schneller`,
    MINOR: `kind | kinder | junge | madchen | minderjahrig | minderjahrige | jahre alt | jahrige | schulerin | schuler | nichte |
      tochter | sohn | baby`,
    SOLICIT: `schick | schick mir | foto | fotos | nacktbilder | treffen | komm vorbei | geheimnis | sag es niemandem | webcam | preis`,
    GROUP: `jude | juden | muslim | muslime | moslem | moslems | kanake | neger | schwarze | auslander | einwanderer | migranten |
      fluchtlinge | asylanten | araber | turken | chinesen | schwule | schwuler | homosexuelle | lesbe | lesben | trans | frauen |
      feministin | feministinnen | zigeuner | sinti | roma | afrikaner | behinderte | diese leute | solche leute`,
    SLUR: `kanake | kanaken | neger | kameltreiber | schwuchtel | schwuchteln | kampflesbe | zigeuner | spasti | mongo | judensau | bimbo`,
    DEHUMAN: `ratten | ratte | kakerlaken | ungeziefer | parasiten | plage | bestien | tiere | abschaum | dreck | untermenschen | wilde |
      schweine | hunde | virus | krebs | invasoren | invasion | minderwertig | degeneriert | dreckig | stinken | krankheit | pack`,
    EXCLUDE: `abschieben | ausweisen | ausrotten | vernichten | eliminieren | sauberungen | raus | ausrottung | vergasen | volkermord |
      sterilisieren | verbrennen | aufhangen | toten | gehoren nicht hierher | nicht willkommen | zuruck in ihre heimat |
      bevolkerungsaustausch | umvolkung | uberfremdung | uberrennen`,
    GENERALIZE: `alle | jeder | jede | diese | die | sie | immer | nie | von natur aus | wie alle | sind alle`,
    I_WILL: `ich werde | wir werden | ich schwore | ich will | ich bring | ich bringe | morgen werde ich | du wirst sehen |
      ich verspreche | ich mach | ich mache`,
    YOU: `du | dich | dir | dein | deine | ihr | euch`,
    TARGET: `frau | ehefrau | mann | ehemann | ex | freundin | freund | mutter | vater | bruder | schwester | familie | kinder | nachbar |
      nachbarin | vermieter | chef | chefin | kollege | kollegin | lehrer | lehrerin | direktor | arzt | richter | anwalt |
      polizist | burgermeister | burgermeisterin | abgeordnete | abgeordneten | senator | prasident | minister | journalist |
      schule | buro | kirche | moschee | synagoge | laden | einkaufszentrum | konzert | kundgebung | bahnhof | haus | wohnung |
      adresse | strasse | arbeit | markt | platz | weihnachtsmarkt`,
    MENACE: `ich weiss wo du wohnst | ich weiss wo | ich finde dich | pass auf | das wirst du bereuen | du wirst bezahlen |
      warnung | letzte warnung | du wirst sehen | heute nacht | heute abend | morgen | bald | wenn du es am wenigsten erwartest |
      sonst | nachstes mal | verschwinden | niemand wird dich finden | rache | ich weiss wann | aus dem haus`,
    REPORT: `polizei | laut | berichtete | bericht | gericht | prozess | verurteilt | angeklagt | festgenommen | staatsanwalt | ermittler |
      verdachtige | opfer | mutmasslich | angeblich | nachricht | journalist | erklarung | zeuge | urteil | artikel | reportage`,
    HISTORY: `geschichte | historiker | historisch | jahrhundert | krieg | regime | propaganda | museum | holocaust | shoah | volkermord |
      epoche | reich | kolonial | sklaverei | nazi | nazis | mittelalter | schlacht | soldat | armee | kurs | vorlesung | studie |
      forschung`,
    MEDICAL: `patient | patientin | arzt | arztin | chirurg | operation | krankenhaus | behandlung | diagnose | symptom | wunde | anatomie |
      krankenschwester | untersuchung | gesundheit | krebs | infektion | biologie | verhutung | kondom | einwilligung |
      sexualkunde | sexualerziehung | autopsie | rechtsmedizin`,
    FICTION: `es war einmal | marchen | roman | kapitel | bosewicht | held | heldin | wolf | drache | hexe | prinzessin | konig |
      konigin | ritter | monster | zombie | vampir | konigreich | schloss | magie | legende | film | serie | buch | szene |
      drehbuch | spiel | videospiel`,
    BANTER: `spiel | mannschaft | spielen | gewinnen | verlieren | liga | schach | turnier | saison | finale | haha | witz | scherz |
      fussball | basketball | tennis | rennen | prufung | vorstellungsgesprach | halbzeit | viertel | tor | tore | korb | gegner | derby`,
    FOOD: `rezept | kochen | huhn | hahnchen | rind | schwein | lamm | fisch | fleisch | kuche | ofen | grill | filet | filetieren | kuchen | stuck | pizza | nachtisch | kekse | schokolade`,
    META: `rassistisch | rassismus | hassrede | beleidigung | diskriminierung | beleidigend | vorurteil | stereotyp | fremdenfeindlich |
      homophobie | belastigung | missbrauch | gemeldet | inakzeptabel | beschamend | hat mich genannt | hat mich angeschrien`,
    SAFETY: `sicherheit | niemals | vermeiden | vorsicht | schutzen | selbstverteidigung | notfall | notruf | ruf 110 | hilfe |
      vorbeugen | risiko | gefahr | handschuhe | schutzbrille | feuerloscher | ausser reichweite`,
    NEGATE: `nicht | nie | niemals | niemand | nichts | ohne | kein | keine`,
    FUTURE: `werde | wirst | wird | werden | morgen | heute nacht | heute abend | bald | am montag | am dienstag | am mittwoch |
      am donnerstag | am freitag | am samstag | am sonntag`,
  },
};
