/**
 * Word classes for harm told without harm words (issue 14, item 2), in English and the five European languages: the
 * cues of a plan or an announcement rather than its weapon. A threat names its target and shows it knows their
 * routine, their time and their place, and ends on finality ("you won't walk again", "c'est fini pour toi"); a plan
 * sends someone to a place at a time, picks where nobody sees, and covers its tracks. None of these words is harmful
 * alone: they are classes for the model to weigh together with the others, and the lists are written from the policy
 * and the languages' grammar, not from any training or test text.
 *
 * TIME: a day, a time of day, a moment ("when you leave"). ROUTINE: knowing someone's whereabouts and habits.
 * ISOLATION: a place or moment without witnesses. EVADE: covering tracks after an attack (phones left at home, clothes
 * burned, the car hidden or its plates off, faces covered, no names, an alibi, cash). OMEN: finality said to or about a
 * person. ADDRESS: a title said to a person ("Mr", "judge", "maître").
 *
 * A plan told in plain words, one class per way of doing it: STAGED, a death or injury made to pass as an accident, an
 * illness or a fault ("they'll think it was his heart", "a maintenance fault"); DOSING, something given secretly, a
 * little at a time, in food or drink ("a few drops in his flask every evening"); TAMPER, sabotage that hurts a person
 * (a loosened brake hose, a blocked boiler flue, a rug on the top step, a hair-dryer by the bath); AMBUSH, the logistics
 * of a group attack (how many, who stands where so he can't run, how long, gum shields and bars in the boot, where to
 * meet before a fight); IGNITE, setting fire to a place with people in it (petrol through the letterbox, a bottle with
 * a rag, while they sleep); ABDUCT, taking a person (the van with its side door open, tape and cable ties, a hood over
 * the head, a child lured with "your mum sent me"). Most entries are runs of words: each word is ordinary, the run is
 * not.
 */
import type { EuropeanLanguage } from './european.ts';
import { conceptClass } from './concepts.ts';

export const INTENT_CLASSES_ENGLISH: Record<string, string> = {
  TIME: `monday | tuesday | wednesday | thursday | friday | saturday | sunday | tonight | tomorrow | this evening | this weekend |
    next week | at dawn | at midnight | at noon | o'clock | every morning | every evening | every night | when you leave |
    when you get home | when she leaves | when he leaves | on your way | after work | after school`,
  ROUTINE: `know where you | know where he | know where she | know where your | know when you | know what time |
    know your | i know where | we know where | your address | your route | your schedule | your routine | your shift |
    your commute | your plates | your number plate | your kids' school | your children's school | where you park |
    where you live | where your kids | i've been watching | we've been watching | been following | i saw you |
    we saw you | seen your | i have your address | i have a key | a copy of your key | your daily | same time every |
    he leaves at | she leaves at | leaves the house at | leaves work at | gets home at | every night at |
    same route every | same way home every | takes the same route | parks in the same spot | his shift ends at |
    her shift ends at | walks the dog at | walks his dog at | walks her dog at | like clockwork | we've clocked |
    been clocking | clocked his | clocked her | staked out | stake out | casing the | cased the | watched his house |
    watched her house | watching his house | watching her house | his movements | her movements | where he drinks |
    which pub he | always alone after`,
  ISOLATION: `alone | on her own | on his own | by herself | by himself | deserted | isolated | secluded | remote |
    no cameras | no camera | no cctv | no witnesses | nobody around | no one around | nobody will hear |
    no one will hear | out of sight | no signal | no reception | unlit | empty car park | back entrance | service door |
    back door | dead end | nobody about | no one about | quiet at that time | dead at that time |
    nobody there at that hour | dark alley | the alley behind | behind the bins | empty underpass | no streetlights |
    no street lights | blind spot | camera is broken | cameras are broken | cameras don't work | nobody will see |
    no one will see | nobody sees | middle of nowhere | can't be seen from the road | down the towpath at night |
    in the woods at night | out of the way spot`,
  EVADE: `gloves | burner | leave your phone | phone off | turn off your phone | wipe | wipe down | fingerprints |
    get rid of | dispose of | alibi | nobody will suspect | no one will suspect | nobody will know | no one will know |
    cover your face | balaclava | change your clothes | cash only | different shops | different stores | false plates |
    look like an accident | natural causes | never be found | no trace | untraceable | leave the phones at home |
    leave your phones at home | phones stay at home | switch off your phone | switch your phone off | phones off |
    turn your phones off | take the sim out | snap the sim | destroy the sim | burn the clothes | burn your clothes |
    burn the trainers | bin the clothes | dump the clothes | bag the clothes | in a different bin | change your shoes |
    hide the car | wash the car after | valet the car | take the plates off | swap the plates | fake plates |
    crush the car | torch the car | burn the car out | keep your hood up | hoods up | masks on | no names |
    don't use names | split up after | go separate ways | go home different ways | each go a different way |
    we were all at | say we were watching the match | if anyone asks | if anybody asks | if the police ask |
    stick to the story | pay cash only | pay in cash so | no card payments`,
  OMEN: `never again | last time | your last | the last thing | it ends | will end | it's over | it is over | won't come back |
    will not come back | won't make it | won't walk | will not walk | you'll see | you will see | you'll understand |
    you'll regret | finish what | finish the job | finish it | for good | once and for all | won't be so lucky | say goodbye |
    last chance | nobody will find | won't wake up | not walk out | won't walk out | not leave alive | won't leave alive`,
  STAGED: `will look like an accident | look like an accident | looks like an accident | seem like an accident |
    pass for an accident | pass it off as | passed off as | will look natural | look like natural causes |
    look like suicide | look like he fell | look like she fell | look like he slipped | look like she slipped |
    think it was his heart | think it was her heart | think it was a heart attack | say it was his heart |
    say it was her heart | will put it down to | the doctor will put | the doctor will say | the coroner will say |
    the coroner will rule | rule it an accident | a maintenance fault | blame the maintenance | a domestic accident |
    a tragic accident at home | say she slipped | say he slipped | she just slipped | he just slipped | say she fell |
    say he fell | nobody will suspect | no one will suspect | nobody will question | no one will question |
    nobody will ask questions | no one will ask questions | nobody will look twice | no one will look twice |
    chalk it up to | blame it on the boiler | blame it on the brakes | they'll think it was`,
  DOSING: `a little every evening | a little every morning | a little every night | a little each day |
    a little each night | a few drops in his | a few drops in her | a few drops into his | a few drops into her |
    few drops every | drops in his coffee | drops in her coffee | it in his coffee | it in her coffee | it in his tea |
    it in her tea | it in his soup | it in her soup | in his flask | in her flask | in his thermos | in her thermos |
    some in his drink | some in her drink | it into his drink | it into her drink | not enough to taste |
    can't taste it | won't taste it | won't notice the taste | hide the taste | masks the taste | a pinch each morning |
    a pinch every morning | a pinch every day | a bit more each day | a bit more every day | dose him | dose her |
    build up in his | build up in her | slip it into | slip some into | crushed into his | crushed into her |
    stir it into his | stir it into her | spike his | spike her`,
  TAMPER: `loosen the brake hose | loosen his brake | cut the brake line | cut the brake lines | cut his brakes |
    cut her brakes | cut the brakes | mess with his brakes | mess with her brakes | tamper with his | tamper with her |
    loosen the wheel nuts | loosen his wheel nuts | block the flue | block his flue | block her flue | cover the flue |
    stuff the flue | loosen the flue | loosen the banister | unscrew the banister | loosen the stair rail |
    loosen the handrail | unscrew the handrail | rug on the top step | loose rug on the top step |
    rug at the top of the stairs | take the bulb out on the stairs | unscrew the bulb on the stairs |
    remove the bulb on the stairs | hairdryer in the bath | hair dryer in the bath | hairdryer into the bath |
    hair dryer into the bath | hairdryer by the bath | hair dryer by the bath | toaster in the bath |
    radio into the bath | take the railing off | remove the railing | remove the guard rail | unguarded ledge |
    disconnect the smoke alarm | take the battery out of the smoke | disable the carbon monoxide`,
  AMBUSH: `four of us | five of us | six of us | two at each end | one at each end | two on each side |
    so he can't run | so she can't run | so they can't run | so he can't get away | cut him off | block him in |
    box him in | we wait for him | we'll wait for him | wait for him outside | wait for him behind |
    wait for them outside | we close both sides | close both ends | block both ends | thirty seconds max |
    thirty seconds tops | in and out in | mouthguard | mouthguards | gum shield | gumshields | knuckle gloves |
    knuckle duster | knuckledusters | weighted gloves | sap gloves | bars in the boot | poles in the boot |
    bats in the boot | bars in the trunk | bats in the trunk | meeting point | meet before kick off |
    meet up before kick off | their firm | rival fans | tooled up | come tooled | jump him | we jump him | rush him`,
  IGNITE: `petrol through the letterbox | petrol through the letter box | pour it through the letterbox |
    pour it through the letter box | through the mail slot | petrol under the door | pour it under the door |
    bottle through the window | throw it through the window | lob it through the window | can of petrol |
    bottle of petrol | bottles of petrol | bottle with a rag | bottles with rags | rag in the neck | rag in the top |
    stuff a rag | soaked rag | lit rag | molotov | petrol bomb | petrol bombs | firebomb | fire bomb | light the rag |
    flick the lighter | while they sleep | while they're asleep | while they are asleep | when they're asleep |
    douse the door | douse the hallway | pour it on the stairs | set the house alight | set light to the house |
    torch the house | torch his house | torch her house | burn the house down | burn them out | nobody gets out |
    jerry can of petrol`,
  ABDUCT: `bundle him into | bundle her into | shove her in the van | shove her into | throw her in the back |
    throw him in the back | into the back of the van | duct tape her | duct tape his | tape her mouth | tape his mouth |
    tape over her mouth | cable tie her | cable ties on her | zip tie her | zip tie his | zip ties on her |
    tie her hands | tie his hands | hood over her head | hood over his head | bag over her head | bag over his head |
    sack over her head | straight to the farm | straight to the lock up | straight to the lockup |
    drive her straight to | drive him straight to | your mum sent me | your mom sent me | your dad sent me |
    your mummy sent me | your mum asked me to pick you up | i'll take you to your mum | want to see some puppies |
    hold her for ransom | hold him for ransom | grab her off the street | snatch her | snatch him | snatch the kid |
    van with the side door open | van's side door open | the side door open and | sliding door open and`,
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
      tu direccion | tu horario | tus horarios | tu ruta | tu trayecto | tu matricula | tu turno | tu rutina |
      donde vives | donde aparcas | donde juegan | te he visto | te hemos visto | te estoy vigilando | te vigilamos |
      te sigo | tengo tu | tengo una copia | tengo las llaves | tu casa | tu coche | tus hijos | sale de casa a las |
      sale del trabajo a las | llega a casa a las | vuelve a casa a las | siempre a la misma hora |
      todos los dias a la misma | la misma ruta | el mismo camino | saca al perro a las | pasea al perro a las |
      termina su turno | como un reloj | lo hemos seguido | la hemos seguido | le hemos seguido | lo seguimos |
      la seguimos | lo tenemos vigilado | la tenemos vigilada | lo tenemos fichado | lo tenemos ubicado |
      ya lo ubicamos | ya la ubicamos | sus movimientos | va al gimnasio a las`,
    ISOLATION: `solo | sola | a solas | desierto | desierta | aislado | aislada | apartado | sin camaras |
      no hay camaras | sin testigos | nadie | nadie la oira | nadie lo oira | sin cobertura | sin farolas | a oscuras |
      oscuro | salida trasera | puerta de servicio | puerta trasera | zona profunda | no pasa nadie |
      a esa hora no hay nadie | a esa hora no pasa nadie | el callejon | callejon de atras |
      detras de los contenedores | el descampado | en el descampado | el baldio | la cuneta | sin luz | no hay farolas |
      la camara no funciona | las camaras no funcionan | punto ciego | nadie va a ver | nadie nos vera | nadie vera |
      en medio de la nada | el paso subterraneo | el estacionamiento vacio | el parking vacio`,
    EVADE: `que fue un accidente | fue un accidente | pensaran que fue | diran que fue | parecera un accidente |
      guantes | movil | telefono | no uses tu | coartada | nadie sospechara | sin que nadie sospeche |
      nadie se enterara | sin que se entere | deshacerte | deshacerse | borrar | limpiar las huellas | huellas |
      sin dejar rastro | sin rastro | accidente | que se cayo | causas naturales | tiendas distintas |
      tiendas diferentes | pasamontanas | cambiate de ropa | deja el movil en casa | dejad los moviles en casa |
      dejen los celulares en casa | deja el celular en casa | apaga el movil | apaga el celular | apagad los moviles |
      apaguen los celulares | saca la tarjeta sim | rompe la sim | quema la ropa | quemar la ropa | quemamos la ropa |
      tira la ropa | tirar la ropa en otro | en otro contenedor | quema las zapatillas | quema los tenis |
      esconder el coche | esconde el carro | lavar el coche despues | quita las placas | quitale las placas |
      quita las matriculas | cambia las placas | placas falsas | matriculas falsas | al desguace | al deshuesadero |
      a la chatarreria | la capucha puesta | sin nombres | nada de nombres | nos separamos | cada uno por su lado |
      cada quien por su lado | cada uno a su casa por | estuvimos todos en casa de | estabamos viendo el partido |
      viendo el partido en casa de | si alguien pregunta | si te preguntan | si pregunta la policia |
      pagar en efectivo | paga en efectivo | todo en efectivo`,
    OMEN: `nunca mas | ultimo | ultima | la ultima vez | se acabo | se acabara | se terminara | no volveras | no vas a volver |
      no volvera | no llegaras | no vas a llegar | no llegara | ya veras | vas a entender | te arrepentiras | disfruta mientras |
      terminar el trabajo | acabar lo que | para siempre | de una vez | hombre muerto | mujer muerta | no saldra | no sale nadie`,
    STAGED: `parecera un accidente | que parezca un accidente | pasara por un accidente | pase por accidente |
      pensaran que fue el corazon | diran que fue el corazon | pensaran que fue un infarto | diran que fue un infarto |
      el medico lo pondra | el medico dira | el forense dira | lo achacaran a | lo atribuiran a |
      un fallo de mantenimiento | una falla de mantenimiento | un accidente domestico | un accidente en casa |
      que se resbalo | diremos que se resbalo | se cayo por las escaleras | se cayo en la ducha | se cayo en la banera |
      nadie sospechara | nadie va a sospechar | nadie preguntara | nadie hara preguntas | nadie va a preguntar |
      parecera un suicidio | que parezca un suicidio | parecera natural | que parezca natural | diremos que se cayo |
      diremos que fue | dira que se cayo | pareciera un accidente | como si fuera un accidente |
      nadie se va a dar cuenta`,
    DOSING: `un poco cada noche | un poco cada manana | un poquito cada noche | un poquito cada dia | un poco cada dia |
      unas gotas en su | unas gotitas en su | gotas en su cafe | algo en su cafe | algo en su te | algo en su sopa |
      en su termo | algo en su bebida | en su mate | echarle algo en | echale en el cafe | echale en la comida |
      se lo echas en | se lo pones en | ponselo en | mezclado en su | disuelto en su | sin que note el sabor |
      no se nota el sabor | no notara el sabor | no sabe a nada | una pizca cada manana | una pizca cada dia |
      poco a poco en su`,
    TAMPER: `aflojar el latiguillo | afloja el latiguillo | el latiguillo del freno | cortar los frenos |
      corta los frenos | cortarle los frenos | cortale los frenos | aflojar las tuercas |
      afloja las tuercas de la rueda | tapar la salida de humos | tapa la salida de humos | tapar el tiro |
      tapa la chimenea de la caldera | aflojar la barandilla | afloja la barandilla | quitar la barandilla |
      la alfombra suelta | alfombra en el ultimo escalon | en el ultimo escalon | quitar la bombilla de la escalera |
      quitar el foco de la escalera | secador en la banera | el secador junto a la banera | secador en la tina |
      la radio en la banera | el borde sin proteger | manipular los frenos | manipular la caldera |
      dejar el gas abierto | desconectar el detector de humo | quitarle las pilas al detector`,
    AMBUSH: `somos cuatro | vamos cuatro | seremos cuatro | somos cinco | vamos cinco | dos en cada lado |
      dos en cada salida | uno en cada salida | dos en cada punta | para que no pueda correr | para que no se escape |
      para que no escape | lo esperamos | le esperamos | lo esperamos a la salida | cerramos por los dos lados |
      cerramos los dos lados | le cerramos el paso | lo encerramos | treinta segundos maximo |
      treinta segundos y nos vamos | protector bucal | protectores bucales | guantes con nudillos | guantes lastrados |
      punos americanos | barras en el maletero | palos en el maletero | bates en el maletero | fierros en la cajuela |
      palos en la cajuela | quedamos antes del partido | punto de encuentro | los ultras | la barra brava |
      la hinchada rival | la hinchada contraria | nos vemos antes del partido | vamos a por ellos`,
    IGNITE: `gasolina por el buzon | gasolina por debajo de la puerta | gasolina por debajo | por el buzon |
      un bidon de gasolina | bidon de gasolina | garrafa de gasolina | un galon de gasolina | botellas con gasolina |
      botella con un trapo | botellas con trapos | un trapo empapado | trapo en la boca de la botella | coctel molotov |
      molotov | prendele fuego | prenderle fuego | pegarle fuego | pegale fuego | quemar la casa | quemarles la casa |
      quemarle la casa | mientras duermen | cuando esten dormidos | cuando esten durmiendo | que no salga nadie |
      echale gasolina | rocia la puerta | rociar la puerta | incendiar la casa`,
    ABDUCT: `la puerta lateral abierta | con la puerta lateral | puerta corredera abierta | la furgoneta con la puerta |
      meterla en la furgoneta | meterlo en la furgoneta | subirla a la camioneta | subirlo a la camioneta |
      meterla en la camioneta | cinta americana en la boca | cinta en la boca | taparle la boca | atarla con bridas |
      atarlo con bridas | atarle las manos | amarrarle las manos | una capucha en la cabeza | una bolsa en la cabeza |
      ponerle una capucha | taparle la cabeza | directo a la finca | directo al rancho | directo a la granja |
      directamente a la finca | tu mama me mando | tu mama me envio | tu madre me ha enviado | tu madre me manda |
      tu papa me mando | me mando tu mama | subete al carro | subete a la camioneta | te llevo con tu mama |
      quieres ver unos perritos | secuestrarla | secuestrarlo`,
    ADDRESS: `senor | senora | senorita | don | dona | doctor | doctora | juez | jueza | alcalde | alcaldesa | concejal | agente |
      profesor | profesora`,
    BANTER: `besos | a besos | cosquillas | abrazos | de risa | de amor | de pasion | cancion | balada | letra`,
    I_WILL: `voy a | vamos a | ire a | iremos a | pienso | tengo pensado`,
  },
  pt: {
    TIME: `segunda | terca | quarta | quinta | sexta | sabado | domingo | hoje a noite | esta noite | amanha | as | de madrugada |
      meia-noite | meio-dia | toda manha | todas as noites | todos os dias | quando voce sair | quando sair | quando chegar |
      na saida | a hora`,
    ROUTINE: `sei onde | sei a que horas | sei quando | sabemos onde | conheco o teu | conheco a tua | teu endereco |
      seu endereco | tua rotina | sua rotina | teu horario | seu horario | teu caminho | tua placa | sua placa |
      onde voce mora | onde moras | onde estaciona | te vi | vimos voce | estou te vigiando | te vigiamos |
      tenho o teu | tenho uma copia | tenho a chave | tua casa | sua casa | teus filhos | seus filhos | sai de casa as |
      sai do trabalho as | chega em casa as | chega a casa as | volta pra casa as | sempre no mesmo horario |
      sempre a mesma hora | o mesmo caminho | o mesmo trajeto | passeia com o cachorro as | passeia o cao as |
      sai do turno | que nem relogio | como um relogio | seguimos ele | seguimos ela | ja seguimos |
      estamos de olho nele | estamos de olho nela | sabemos a rotina | a rotina dele | a rotina dela |
      os horarios dele | os horarios dela | vai a academia as | vai ao ginasio as`,
    ISOLATION: `sozinho | sozinha | a sos | deserto | deserta | isolado | isolada | afastado | sem cameras |
      nao tem camera | sem testemunhas | ninguem | ninguem vai ouvir | sem sinal | sem rede | no escuro | escuro |
      saida dos fundos | porta dos fundos | porta de servico | nao tem ninguem | nao passa ninguem |
      naquela hora nao tem ninguem | a essa hora nao ha ninguem | no beco | atras das lixeiras | atras dos contentores |
      terreno baldio | no matagal | sem iluminacao | sem luz | a camera ta quebrada | a camera nao funciona |
      as cameras nao funcionam | ponto cego | ninguem vai ver | ninguem nos ve | no meio do nada |
      o estacionamento vazio | o parque vazio | a passagem subterranea | na estrada de terra`,
    EVADE: `que foi acidente | foi um acidente | vai achar que foi | vao dizer que foi | vai parecer acidente | luvas |
      celular | telemovel | telefone | nao use o seu | alibi | ninguem vai suspeitar | sem que ninguem desconfie |
      ninguem vai saber | livrar | se livrar | apagar | digitais | sem deixar rastro | sem rastro | acidente |
      causas naturais | lojas diferentes | capuz | balaclava | troque de roupa | deixa o celular em casa |
      deixem os celulares em casa | deixa o telemovel em casa | deixem os telemoveis em casa | desliga o celular |
      desliguem os celulares | desliga o telemovel | tira o chip | quebra o chip | destroi o chip | queima a roupa |
      queimar as roupas | queima as roupas | joga a roupa fora | deitar a roupa fora | noutro contentor |
      em outra lixeira | queima os tenis | esconde o carro | esconder o carro | lavar o carro depois | tira as placas |
      tirar as placas | tira a matricula | trocar as placas | placa fria | no desmanche | pro desmanche |
      para o ferro velho | capuz na cabeca | sem nomes | nada de nomes | cada um pra um lado | cada um para o seu lado |
      cada um vai pra casa | a gente se separa | estavamos todos na casa do | estavamos vendo o jogo |
      a ver o jogo em casa do | se alguem perguntar | se a policia perguntar | paga em dinheiro | pagar em dinheiro |
      tudo em dinheiro | em especie`,
    OMEN: `nunca mais | ultimo | ultima | a ultima vez | acabou | vai acabar | vai terminar | nao vai voltar | nao voltara |
      nao vai chegar | nao chegara | vai ver | vai entender | vai se arrepender | aproveita enquanto | terminar o servico |
      acabar o que | para sempre | de uma vez | homem morto | mulher morta | nao sai vivo | nao sai ninguem`,
    STAGED: `vai parecer acidente | vai parecer um acidente | pra parecer acidente | que pareca um acidente |
      passar por acidente | vao achar que foi o coracao | vao pensar que foi o coracao | vao dizer que foi o coracao |
      vao achar que foi infarto | vao pensar que foi um ataque cardiaco | o medico vai dizer | o medico vai atestar |
      o legista vai dizer | uma falha de manutencao | falha na manutencao | um acidente domestico |
      um acidente em casa | dizer que escorregou | que ela escorregou | que ele escorregou | escorregou no banho |
      ninguem vai desconfiar | ninguem vai suspeitar | ninguem vai perguntar | ninguem vai fazer perguntas |
      vai parecer suicidio | pra parecer suicidio | a culpa vai ser da | dizemos que ela caiu | dizemos que ele caiu |
      vai parecer natural | vai parecer morte natural | como se fosse um acidente`,
    DOSING: `um pouco toda noite | um pouquinho toda noite | um pouco todas as noites | um pouco cada noite |
      um pouco toda manha | um pouquinho todo dia | um pouco todos os dias | gotas no cafe dele | no cafe dele |
      no cafe dela | no cha dele | no cha dela | na sopa dele | na sopa dela | na garrafa termica dele | no termo dele |
      na bebida dele | na bebida dela | no chimarrao dele | nao da pra sentir o gosto | nao sente o gosto |
      sem sentir o gosto | nao vai sentir o gosto | uma pitada toda manha | uma pitada todo dia |
      colocar na comida dele | colocar na comida dela | misturar na comida dele | mistura no suco dele |
      umas gotas no cafe | umas gotas no cha | umas gotas na bebida | umas gotinhas no cafe | algumas gotas no cafe`,
    TAMPER: `afrouxar o tubo do freio | afrouxa o tubo do travao | cortar o freio | cortar os freios | corta os freios |
      cortar os travoes | cortar o cabo do freio | mexer nos freios | mexer nos travoes |
      afrouxar os parafusos da roda | afrouxa as porcas da roda | tapar a chamine | tapar a saida da caldeira |
      tapar o exaustor do aquecedor | entupir a chamine | afrouxar o corrimao | solta o corrimao | tirar o corrimao |
      o tapete solto | tapete no ultimo degrau | no ultimo degrau | tirar a lampada da escada |
      tira a lampada da escada | o secador na banheira | secador perto da banheira | secador no banho |
      o radio na banheira | tirar o parapeito | tirar a grade da varanda | deixar o gas aberto | deixa o gas ligado |
      desligar o detector de fumaca | tirar a pilha do detector`,
    AMBUSH: `somos quatro | vamos em quatro | vamos em cinco | somos cinco | dois em cada ponta | dois de cada lado |
      um em cada saida | pra ele nao correr | pra ele nao fugir | para ele nao fugir | a gente espera ele |
      esperamos ele | esperamos por ele | esperamos ele na saida | fechamos os dois lados | fecha dos dois lados |
      cercar ele | encurralar ele | trinta segundos no maximo | trinta segundos e vaza | protetor bucal |
      protetores bucais | luva com soqueira | soqueira | soco ingles | barras no porta malas | barras na mala |
      paus no porta malas | tacos no porta malas | ponto de encontro | encontro antes do jogo | a torcida rival |
      a torcida adversaria | os da organizada | a organizada | os da claque | pega eles na saida`,
    IGNITE: `gasolina pela caixa de correio | gasolina por baixo da porta | pela caixa do correio | galao de gasolina |
      um galao de gasolina | bidao de gasolina | garrafa com gasolina | garrafas com gasolina | garrafa com um pano |
      garrafas com pano | pano embebido | pano encharcado | coquetel molotov | cocktail molotov | molotov | tacar fogo |
      taca fogo | meter fogo | botar fogo | bota fogo | atear fogo | queimar a casa | enquanto dormem |
      enquanto eles dormem | quando estiverem dormindo | quando estiverem a dormir | ninguem sai de la | joga gasolina |
      jogar gasolina na porta | regar a porta`,
    ABDUCT: `a porta lateral aberta | com a porta lateral aberta | porta de correr aberta | enfiar ela na van |
      enfia ela na van | enfia ele na van | joga ela na van | jogar ela na kombi | enfiar na carrinha |
      meter na carrinha | fita adesiva na boca | silver tape | tapar a boca dela | amarrar as maos |
      amarra as maos dela | capuz na cabeca dele | capuz na cabeca dela | saco na cabeca | direto pro sitio |
      direto pra chacara | direto pra fazenda | direto para a quinta | sua mae me mandou | tua mae mandou me |
      a tua mae pediu para | sua mae pediu pra eu | seu pai me mandou | entra na van | quer ver uns cachorrinhos |
      levar pro cativeiro | sequestrar ela | sequestrar ele`,
    ADDRESS: `senhor | senhora | dona | doutor | doutora | juiz | juiza | prefeito | prefeita | presidente da camara | vereador |
      professor | professora | agente`,
    BANTER: `beijos | de beijos | cocegas | abracos | de rir | de saudade | de amor | de paixao | musica | cancao | balada | letra`,
    I_WILL: `vou | vamos | irei | iremos | eu vou | vou te | vou la`,
  },
  it: {
    TIME: `lunedi | martedi | mercoledi | giovedi | venerdi | sabato | domenica | stasera | stanotte | domani | alle | all alba |
      mezzanotte | mezzogiorno | ogni mattina | ogni sera | ogni notte | tutti i giorni | quando esci | quando uscirai |
      quando arrivi | all uscita | a che ora`,
    ROUTINE: `so dove | so a che ora | so quando | sappiamo dove | sappiamo a che ora | conosco il tuo |
      conosco la tua | il tuo indirizzo | i tuoi orari | il tuo percorso | la tua targa | il tuo turno |
      la tua routine | dove abiti | dove vivi | dove parcheggi | ti ho visto | ti abbiamo visto | ti sto guardando |
      ti teniamo d occhio | ho una copia | ho le chiavi | casa tua | la tua macchina | i tuoi figli |
      esce di casa alle | esce dal lavoro alle | torna a casa alle | rientra alle | finisce il turno alle |
      stacca alle | sempre alla stessa ora | tutti i giorni alla stessa | la stessa strada | lo stesso percorso |
      porta fuori il cane alle | preciso come un orologio | come un orologio svizzero | l abbiamo seguito |
      l abbiamo seguita | lo abbiamo pedinato | la abbiamo pedinata | l abbiamo pedinato | lo teniamo d occhio |
      la teniamo d occhio | le sue abitudini | i suoi orari | i suoi spostamenti | va in palestra alle |
      lo seguiamo da`,
    ISOLATION: `solo | sola | da solo | da sola | deserto | deserta | isolato | isolata | appartato | senza telecamere |
      non ci sono telecamere | senza testimoni | nessuno | nessuno sentira | senza campo | senza segnale | al buio |
      buio | uscita sul retro | porta di servizio | porta sul retro | non passa nessuno | a quell ora non c e nessuno |
      a quell ora non passa nessuno | nel vicolo | dietro i cassonetti | il terreno abbandonato |
      nel campo abbandonato | in fondo al parcheggio | il parcheggio vuoto | nessun lampione | senza illuminazione |
      la telecamera e rotta | la telecamera non funziona | le telecamere non funzionano | angolo cieco | punto cieco |
      nessuno vedra | nessuno ci vedra | in mezzo al nulla | il sottopasso | nel sottopasso | la strada sterrata`,
    EVADE: `che e stato un incidente | e stato un incidente | pensera che sia stato | diranno che e stato |
      sembrera un incidente | guanti | cellulare | telefono | non usare il tuo | alibi | nessuno sospettera |
      senza che nessuno se ne accorga | nessuno sapra | sbarazzarti | sbarazzarsi | cancellare | impronte |
      senza lasciare tracce | tracce | incidente | cause naturali | negozi diversi | passamontagna |
      cambiati i vestiti | lascia il telefono a casa | lasciate i telefoni a casa | cellulari a casa |
      lascia il cellulare a casa | spegni il telefono | spegnete i cellulari | telefoni spenti | cellulari spenti |
      togli la sim | spacca la sim | distruggi la sim | brucia i vestiti | bruciare i vestiti | bruciamo i vestiti |
      butta i vestiti | buttare i vestiti da un altra parte | in un altro cassonetto | brucia le scarpe |
      nascondi la macchina | nascondere la macchina | lavare la macchina dopo | togli le targhe | togliere le targhe |
      targhe false | targa falsa | dallo sfasciacarrozze | a demolire | cappuccio in testa | col cappuccio |
      niente nomi | nessun nome | ci dividiamo | ognuno per conto suo | ognuno torna a casa per |
      ognuno per la sua strada | eravamo tutti da | guardavamo la partita da | a vedere la partita da |
      se qualcuno chiede | se qualcuno ti chiede | se la polizia chiede | pagare in contanti | paga in contanti |
      tutto in contanti`,
    OMEN: `mai piu | ultimo | ultima | l ultima volta | e finita | finira | non tornerai | non torni | non tornera | non arriverai |
      non arrivera | vedrai | capirai | te ne pentirai | goditi | finire il lavoro | finire quello | per sempre |
      una volta per tutte | uomo morto | donna morta | non esce vivo | non ne esce`,
    STAGED: `sembrera un incidente | sembrera un incidente domestico | sembri un incidente |
      come se fosse un incidente | far passare per un incidente | passera per un incidente |
      penseranno che e stato il cuore | penseranno al cuore | diranno che e stato il cuore |
      diranno che e stato un infarto | il medico dira | il medico lo attribuira | il medico dara la colpa |
      il medico legale dira | un guasto di manutenzione | un difetto di manutenzione | un incidente domestico |
      un incidente in casa | che e scivolata | che e scivolato | scivolata nella vasca | nessuno sospettera di niente |
      nessuno fara domande | nessuno si fara domande | sembrera un suicidio | far sembrare un suicidio |
      sembrera naturale | diremo che e caduta | diremo che e caduto`,
    DOSING: `un po ogni sera | un pochino ogni sera | un po ogni mattina | un po ogni giorno | un goccio ogni |
      qualche goccia nel suo | qualche goccia nella sua | due gocce nel suo | gocce nel caffe | nel suo caffe |
      nel suo te | nella sua minestra | nella sua zuppa | nel suo thermos | nella sua borraccia | nella sua tisana |
      non abbastanza da sentirne il sapore | non sente il sapore | non sentira il sapore | senza che senta il sapore |
      un pizzico ogni mattina | un pizzico ogni giorno | piano piano nel | sciolto nel suo | mescolato nel suo |
      metterglielo nel | metterlo nel suo caffe`,
    TAMPER: `allentare il tubo dei freni | allenta il tubo del freno | tagliare i freni | tagliargli i freni |
      taglia i freni | manomettere i freni | manomettere la caldaia | allentare i bulloni della ruota |
      allenta i bulloni | otturare la canna fumaria | tappare la canna fumaria | ostruire lo scarico della caldaia |
      tappare lo scarico | allentare la ringhiera | svitare la ringhiera | togliere il corrimano |
      allentare il corrimano | il tappeto sull ultimo gradino | tappeto sull ultimo gradino | sull ultimo gradino |
      togliere la lampadina delle scale | svitare la lampadina delle scale | il phon nella vasca | il fon nella vasca |
      phon vicino alla vasca | asciugacapelli nella vasca | la radio nella vasca | il tostapane nella vasca |
      togliere il parapetto | lasciare il gas aperto | staccare il rilevatore di fumo |
      togliere la batteria al rilevatore`,
    AMBUSH: `siamo in quattro | andiamo in quattro | siamo in cinque | due per lato | due a ogni uscita |
      uno per uscita | due da ogni parte | cosi non puo scappare | cosi non scappa | che non scappi | lo aspettiamo |
      lo aspettiamo fuori | lo aspettiamo all uscita | chiudiamo da entrambi i lati | chiudiamo i due lati |
      trenta secondi massimo | massimo trenta secondi | paradenti | para denti | guanti con le nocche |
      guanti rinforzati | tirapugni | noccoliere | spranghe nel bagagliaio | mazze nel bagagliaio |
      bastoni nel bagagliaio | le spranghe | punto d incontro | appuntamento prima della partita |
      ci troviamo prima della partita | gli ultras | i tifosi avversari | la curva avversaria | quelli della curva |
      gli diamo addosso`,
    IGNITE: `benzina nella buca delle lettere | benzina nella cassetta delle lettere | benzina sotto la porta |
      una tanica di benzina | tanica di benzina | bottiglie di benzina | bottiglia con uno straccio |
      bottiglie con stracci | uno straccio imbevuto | straccio nel collo | molotov | bottiglia molotov | dargli fuoco |
      dare fuoco alla casa | bruciargli la casa | incendiare la casa | mentre dormono | quando stanno dormendo |
      nessuno ne esce | cospargere la porta | versare la benzina | versala sotto la porta | dare fuoco al portone |
      straccio imbevuto di benzina | bottiglia incendiaria | bottiglie incendiarie | appiccare il fuoco |
      appiccare un incendio`,
    ABDUCT: `la porta laterale aperta | con la porta laterale aperta | il furgone con la porta |
      porta scorrevole aperta | caricarla sul furgone | caricarlo sul furgone | buttarla nel furgone |
      spingerla nel furgone | metterla nel furgone | nastro adesivo sulla bocca | scotch sulla bocca |
      tappargli la bocca | legargli le mani | legarle le mani | un cappuccio in testa | un sacco in testa |
      un sacchetto in testa | dritti alla cascina | dritto al casolare | direttamente alla fattoria |
      la tua mamma mi ha mandato | tua mamma mi manda | mi manda la tua mamma | mi ha mandato tua madre |
      il tuo papa mi ha mandato | vuoi vedere dei cuccioli | chiedere il riscatto | rapirla | rapirlo | sequestrarla`,
    ADDRESS: `signor | signore | signora | signorina | dottor | dottore | dottoressa | giudice | sindaco | assessore | avvocato |
      professore | professoressa | agente`,
    BANTER: `baci | di baci | solletico | abbracci | dal ridere | dalle risate | d amore | di passione | canzone | ballata | testo`,
    I_WILL: `vado a | vado ad | veniamo a | vengo a | vengo ad | andro a | andro ad | verro a | ti vengo | ti ammazzo | ti faccio`,
  },
  fr: {
    TIME: `lundi | mardi | mercredi | jeudi | vendredi | samedi | dimanche | ce soir | cette nuit | demain | a l aube | minuit |
      midi | chaque matin | chaque soir | tous les soirs | tous les jours | quand tu sors | quand tu sortiras | quand il sort |
      quand elle sort | a la sortie | a l heure`,
    ROUTINE: `je sais ou | je sais quand | je sais a quelle heure | on sait ou | on connait | je connais | ton adresse |
      tes horaires | ton trajet | ta plaque | ton service | ta routine | ou tu habites | ou tu gares | ou tu te gares |
      je t ai vu | on t a vu | on a vu | je te surveille | on te surveille | je te suis | j ai un double |
      j ai tes cles | j ai l adresse | ta maison | ta voiture | tes enfants | il part de chez lui a |
      elle part de chez elle a | sort du boulot a | sort du travail a | rentre chez lui a | rentre chez elle a |
      toujours a la meme heure | tous les jours a la meme | le meme chemin | le meme trajet | promene son chien a |
      promene le chien a | finit son service a | regle comme une horloge | on l a suivi | on l a suivie | on l a file |
      on l a pris en filature | on le surveille | on la surveille | on le piste | ses habitudes | ses allees et venues |
      va a la salle a`,
    ISOLATION: `seul | seule | tout seul | toute seule | desert | deserte | isole | isolee | a l ecart | pas de camera |
      pas de cameras | sans camera | sans temoin | sans temoins | personne | personne ne t entendra | plus de reseau |
      sans reseau | dans le noir | sans lumiere | porte de service | porte de derriere | issue de secours |
      personne ne passe | a cette heure y a personne | a cette heure la y a personne | la ruelle | dans la ruelle |
      derriere les poubelles | derriere les conteneurs | le terrain vague | dans le terrain vague | au fond du parking |
      le parking vide | pas d eclairage | pas de lampadaire | lampadaire casse | la camera est cassee |
      la camera marche pas | les cameras marchent pas | angle mort | personne ne verra | personne nous verra |
      personne ne nous verra | au milieu de nulle part | le passage souterrain | le chemin de halage`,
    EVADE: `que c etait un accident | c etait un accident | croiront que | diront que c etait |
      passera pour un accident | gants | telephone | portable | plus de telephone | alibi | personne ne soupconnera |
      personne ne saura | sans que personne | se debarrasser | te debarrasser | effacer | empreintes |
      sans laisser de traces | traces | accident | passe pour une chute | cause naturelle | magasins differents |
      cagoule | change de vetements | laisse ton telephone a la maison | laissez vos telephones a la maison |
      laisse ton portable chez toi | laissez les portables | eteins ton telephone | eteignez vos telephones |
      eteins ton cell | eteins ton cellulaire | telephone eteint | portables eteints | enleve la puce | casse la puce |
      detruis la carte sim | brule les vetements | bruler les fringues | brule les fringues | jette les fringues |
      jeter les vetements ailleurs | dans une autre poubelle | brule les baskets | cache la voiture | cacher le char |
      laver la voiture apres | lave le char | enleve les plaques | retire les plaques | fausses plaques | a la casse |
      au broyeur | capuche sur la tete | pas de noms | pas de prenoms | aucun nom | on se separe | chacun de son cote |
      chacun rentre de son cote | chacun rentre par | on etait tous chez | on regardait le match chez |
      si on te demande | si quelqu un demande | si les flics demandent | si la police demande | paie en liquide |
      payer en liquide | payer cash | tout en especes`,
    OMEN: `plus jamais | le dernier | la derniere | la derniere fois | c est fini | ca se terminera | se terminera |
      tu ne reviendras pas | ne reviendra pas | tu n arriveras pas | n arrivera pas | tu vas comprendre | tu verras |
      tu vas regretter | tu regretteras | profite bien | finir ce qu | terminer le travail | finir le travail |
      pour de bon | une fois pour toutes | homme mort | n en ressortira pas | n en remontes pas | n en sortira pas`,
    STAGED: `passera pour un accident | ca ressemblera a un accident | ca aura l air d un accident |
      maquiller en accident | maquiller ca en accident | deguiser en accident | faire passer pour un accident |
      ils croiront que c est le coeur | on dira que c est le coeur | on dira que c etait son coeur |
      croiront a une crise cardiaque | le medecin mettra ca sur | le medecin dira | le legiste dira |
      le medecin conclura | mettre ca sur le compte | un defaut d entretien | un defaut de maintenance |
      un accident domestique | un accident de la vie courante | qu elle a glisse | qu il a glisse |
      glisse dans la baignoire | personne ne se doutera | personne ne se doutera de rien |
      personne ne posera de questions | on dira qu elle est tombee | on dira qu il est tombe |
      passera pour une mort naturelle | passera pour un suicide | ressemblera a un suicide |
      comme si c etait un accident`,
    DOSING: `un peu chaque soir | un peu tous les soirs | un peu chaque matin | un petit peu chaque |
      un peu tous les jours | quelques gouttes dans son | quelques gouttes dans sa | des gouttes dans son cafe |
      gouttes dans son the | un peu dans son the | dans son cafe chaque | dans sa soupe | dans son thermos |
      dans sa gourde | dans sa boisson | pas assez pour le gout | on ne sent pas le gout | il sentira pas le gout |
      elle sentira pas le gout | une pincee chaque matin | une pincee tous les matins | une pincee chaque jour |
      petit a petit dans | le melanger a son | melanger dans sa | glisser dans son | dissous dans son |
      l ajouter a son cafe`,
    TAMPER: `desserrer le flexible de frein | desserre le flexible de frein | couper les freins | couper ses freins |
      coupe les freins | trafiquer les freins | trafiquer ses freins | saboter les freins |
      desserrer les ecrous de roue | desserre les boulons de la roue | boucher le conduit de la chaudiere |
      boucher la ventouse | boucher le conduit | obstruer la cheminee | trafiquer la chaudiere | desserrer la rampe |
      devisser la rampe | desserrer la main courante | enlever la rampe | le tapis sur la derniere marche |
      tapis sur la derniere marche | sur la derniere marche | enlever l ampoule de l escalier |
      devisser l ampoule de l escalier | le seche cheveux dans la baignoire | seche cheveux dans le bain |
      seche cheveux pres de la baignoire | la radio dans le bain | le grille pain dans le bain |
      enlever le garde corps | laisser le gaz ouvert | debrancher le detecteur de fumee | enlever la pile du detecteur`,
    AMBUSH: `on est quatre | on sera quatre | on y va a quatre | a quatre sur lui | on est cinq | deux de chaque cote |
      deux a chaque bout | un a chaque sortie | pour qu il puisse pas courir | pour qu il ne puisse pas fuir |
      qu il puisse pas s enfuir | on l attend | on va l attendre | on l attend a la sortie | on ferme des deux cotes |
      on bloque les deux cotes | on le coince | trente secondes max | trente secondes maximum | protege dents |
      protege dent | gants coques | gants renforces | poing americain | poings americains | des barres dans le coffre |
      des battes dans le coffre | barres de fer dans le coffre | des manches de pioche | rendez vous avant le match |
      rdv avant le match | point de rendez vous | les ultras | les hools | les supporters adverses | le kop adverse |
      on les attend`,
    IGNITE: `de l essence dans la boite aux lettres | essence par la boite aux lettres | par la boite aux lettres |
      essence sous la porte | un bidon d essence | bouteilles d essence | bouteille avec un chiffon |
      bouteilles avec des chiffons | un chiffon imbibe | chiffon dans le goulot | cocktail molotov | cocktails molotov |
      foutre le feu | fous le feu | mettre le feu chez | crame la maison | cramer la maison | bruler la baraque |
      pendant qu ils dorment | quand ils dormiront | quand ils seront endormis | personne ne sortira |
      arroser la porte | arrose la porte | asperger l entree`,
    ABDUCT: `la porte laterale ouverte | porte coulissante ouverte | la camionnette avec la porte |
      le fourgon porte ouverte | la mettre dans la camionnette | le mettre dans le fourgon |
      la pousser dans la camionnette | l embarquer dans le van | du gros scotch | du scotch sur la bouche |
      scotch sur la bouche | du ruban adhesif sur la bouche | lui attacher les mains avec | attacher les mains |
      lui attacher les mains | une cagoule sur la tete | un sac sur la tete | lui mettre un sac | direct a la ferme |
      directement a la ferme | direct au chalet | ta maman m envoie | ta mere m envoie | c est ta maman qui m envoie |
      ton papa m envoie | ta maman m a demande de | monte dans le char | tu veux voir des chiots | la sequestrer |
      le sequestrer | demander une rancon`,
    ADDRESS: `monsieur | madame | mademoiselle | mme | maitre | docteur | juge | maire | conseiller | depute | agent | professeur`,
    BANTER: `bisous | baisers | de bisous | chatouilles | calins | de rire | d amour | de passion | chanson | ballade | paroles`,
    I_WILL: `je vais | on va | nous allons | je viendrai | on viendra | je passe | je serai | on sera`,
  },
  de: {
    TIME: `montag | dienstag | mittwoch | donnerstag | freitag | samstag | sonntag | heute nacht | heute abend | morgen | um |
      uhr | im morgengrauen | mitternacht | mittag | jeden morgen | jeden abend | jede nacht | jeden tag | wenn du gehst |
      wenn du rauskommst | wenn er geht | wenn sie geht | nach feierabend | nach der arbeit`,
    ROUTINE: `ich weiss wo | ich weiss wann | wir wissen wo | wir wissen wann | ich kenne deine | ich kenne deinen |
      wir kennen | deine adresse | deinen weg | deine route | deinen dienstplan | deine schicht | dein kennzeichen |
      deine gewohnheiten | wo du wohnst | wo du parkst | ich habe dich gesehen | wir haben dich gesehen |
      ich beobachte dich | wir beobachten | ich habe einen schlussel | ich habe deine | dein haus | dein auto |
      deine kinder | verlasst das haus um | verlasst die wohnung um | kommt nach hause um | feierabend um |
      schicht endet um | jeden tag zur gleichen zeit | immer zur selben zeit | immer um die gleiche zeit |
      den gleichen weg | denselben weg | gassi um | wie ein uhrwerk | wir sind ihm gefolgt | wir sind ihr gefolgt |
      wir haben ihn beobachtet | wir haben sie beobachtet | wir haben ihn verfolgt | wir beschatten |
      seine gewohnheiten | ihre gewohnheiten | seinen tagesablauf | ihren tagesablauf | geht ins fitnessstudio um`,
    ISOLATION: `allein | alleine | einsam | menschenleer | abgelegen | verlassen | keine kamera | keine kameras |
      ohne kameras | keine zeugen | ohne zeugen | niemand | niemand hort | kein empfang | kein netz | im dunkeln |
      dunkel | hintereingang | hinterausgang | personaleingang | hintertur | da ist niemand | dort ist niemand |
      um die zeit ist niemand | um diese zeit ist keiner | keiner unterwegs | niemand unterwegs | in der gasse |
      hinter den mulltonnen | hinter den containern | das brachland | auf der brache | hinten am parkplatz |
      der leere parkplatz | leeren parkplatz | keine beleuchtung | keine laternen | die kamera ist kaputt |
      die kameras gehen nicht | toter winkel | niemand wird es sehen | keiner sieht uns | niemand sieht uns |
      mitten im nirgendwo | die unterfuhrung | in der unterfuhrung`,
    EVADE: `dass es ein unfall war | es war ein unfall | werden denken | werden sagen es war | wird wie ein unfall |
      handschuhe | handy | telefon | lass dein handy | alibi | niemand wird | keiner wird | niemand merkt | beseitigen |
      loswerden | verwischen | spuren | ohne spuren | fingerabdrucke | unfall | naturlichen ursachen |
      verschiedenen laden | sturmhaube | maske | andere kleidung | handy zu hause lassen | handys zu hause |
      handys bleiben zu hause | handy daheim lassen | natel zu hause lassen | handy ausschalten | handys aus |
      schalt dein handy aus | natel ausschalten | sim karte zerstoren | sim karte raus | die sim raus |
      klamotten verbrennen | kleidung verbrennen | die klamotten verbrennen | schuhe verbrennen | klamotten wegwerfen |
      woanders entsorgen | in einen anderen container | auto verstecken | das auto verstecken | auto danach waschen |
      wagen danach waschen | kennzeichen abschrauben | nummernschilder ab | nummernschild abmachen |
      taferl abmontieren | falsche kennzeichen | in die presse | zum schrottplatz | verschrotten lassen | kapuze auf |
      kapuzen auf | sturmhauben | keine namen | keine namen nennen | wir trennen uns | jeder geht einzeln |
      jeder fahrt einen anderen weg | jeder fur sich nach hause | wir waren alle bei |
      wir haben bei ihm fussball geschaut | wir haben das spiel geschaut | match geschaut | wenn jemand fragt |
      falls jemand fragt | wenn die polizei fragt | bar zahlen | alles bar | in bar zahlen`,
    OMEN: `nie wieder | nie mehr | das letzte mal | der letzte | die letzte | das letzte | vorbei | ist vorbei | zu ende |
      kommst nicht zuruck | kommt nicht zuruck | nicht mehr nach hause | wirst du sehen | du wirst sehen | wirst es bereuen |
      wirst du bereuen | geniess | zu ende bringen | fur immer | ein fur alle mal | ein toter mann | kommt nicht lebend |
      nicht lebend`,
    STAGED: `wird wie ein unfall aussehen | sieht aus wie ein unfall | wie ein unfall aussehen | als unfall tarnen |
      wie einen unfall aussehen lassen | nach einem unfall aussehen | werden denken es war das herz |
      man wird sagen es war das herz | der arzt wird es auf | der arzt wird sagen | der arzt schreibt |
      der gerichtsmediziner wird | auf das herz schieben | auf das alter schieben | ein wartungsfehler |
      ein wartungsmangel | ein hauslicher unfall | ein haushaltsunfall | ein unfall im haushalt |
      dass sie ausgerutscht ist | dass er ausgerutscht ist | in der wanne ausgerutscht |
      niemand wird verdacht schopfen | keiner wird verdacht schopfen | niemand wird fragen stellen |
      keiner wird nachfragen | wie selbstmord aussehen | wie ein selbstmord aussehen | es war ein unfall sagen |
      als ob es ein unfall war`,
    DOSING: `jeden abend ein bisschen | jeden abend etwas | jeden morgen ein bisschen | jeden tag ein bisschen |
      ein paar tropfen in sein | ein paar tropfen in ihr | ein paar tropfen in seinen | ein paar tropfen in ihren |
      tropfen in seinen kaffee | etwas in seinen kaffee | etwas in ihren kaffee | etwas in seinen tee |
      etwas in ihren tee | in seine suppe | in ihre suppe | in seine thermoskanne | in ihre thermoskanne |
      in sein getrank | in ihr getrank | nicht genug um es zu schmecken | man schmeckt es nicht | schmeckt man nicht |
      er schmeckt es nicht | sie schmeckt es nicht | eine prise jeden morgen | jeden morgen eine prise |
      nach und nach ins essen | ins essen mischen | unters essen mischen | ins essen ruhren | heimlich ins`,
    TAMPER: `bremsschlauch lockern | den bremsschlauch lockern | bremsschlauch ansagen | bremsleitung durchschneiden |
      die bremsleitung durchschneiden | bremsleitung ansagen | bremsen manipulieren | die bremsen manipulieren |
      an den bremsen rumschrauben | radmuttern lockern | die radmuttern lockern | radschrauben lockern |
      den abzug verstopfen | das abgasrohr verstopfen | den kamin verstopfen | die therme manipulieren |
      das gelander lockern | gelander abschrauben | den handlauf lockern | den handlauf abschrauben |
      teppich auf der obersten stufe | auf der obersten stufe | lockerer teppich | die birne im treppenhaus rausdrehen |
      gluhbirne im treppenhaus rausdrehen | fohn in die badewanne | fohn neben die badewanne | fohn am badewannenrand |
      den fohn in die wanne | toaster in die badewanne | radio in die badewanne | das gelander entfernen |
      den gashahn aufdrehen | den rauchmelder abklemmen | die batterie aus dem rauchmelder`,
    AMBUSH: `wir sind zu viert | zu viert | zu funft | wir sind zu funft | zwei an jedem ende | zwei an jeder seite |
      einer an jedem ausgang | damit er nicht wegrennen kann | damit er nicht abhauen kann |
      damit er nicht fluchten kann | wir warten auf ihn | wir passen ihn ab | ihn abpassen |
      wir machen beide seiten zu | beide seiten zumachen | dreissig sekunden maximal | hochstens dreissig sekunden |
      zahnschutz | quarzhandschuhe | quarzsandhandschuhe | schlagring | schlagringe | stangen im kofferraum |
      rohre im kofferraum | schlagstocke im kofferraum | totschlager | treffpunkt vor dem spiel |
      treffpunkt vor dem match | vor dem spiel treffen | die ultras | die hools | die gegnerischen fans |
      der gegnerische mob | ackermatch | wiesenmatch | drittortauseinandersetzung`,
    IGNITE: `benzin durch den briefschlitz | durch den briefschlitz | durch den briefkastenschlitz |
      unter der tur durch | benzin unter die tur | ein kanister benzin | benzinkanister | flaschen mit benzin |
      flasche mit einem lappen | flaschen mit lappen | ein getrankter lappen | lappen in den flaschenhals |
      molotowcocktail | molotowcocktails | molotov | die bude anzunden | die hutte abfackeln | abfackeln |
      das haus abfackeln | das haus anzunden | wahrend sie schlafen | wenn alle schlafen | keiner kommt raus |
      niemand kommt raus | die tur ubergiessen | den eingang ubergiessen`,
    ABDUCT: `die schiebetur offen | mit offener schiebetur | seitentur offen | in den transporter zerren |
      in den lieferwagen zerren | in den bus zerren | in den kastenwagen | sie in den wagen ziehen |
      ihn in den wagen ziehen | klebeband uber den mund | den mund zukleben | kabelbinder um die handgelenke |
      mit kabelbindern fesseln | die hande fesseln | hande zusammenbinden | einen sack uber den kopf |
      eine kapuze uber den kopf | einen beutel uber den kopf | direkt zum hof | direkt auf den hof | direkt zur hutte |
      direkt zum bauernhof | deine mama hat mich geschickt | deine mutter hat mich geschickt |
      dein papa hat mich geschickt | deine mami schickt mich | mama schickt mich | willst du welpen sehen |
      losegeld fordern | entfuhren | sie entfuhren`,
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
  /\b(?:you|your|yours|tu|te|ti|toi|ton|ta|tes|vous|votre|vos|t'|du|dich|dir|dein|deine|deinen|deinem|euch|voce|teu|tua|teus|tuas|usted|ustedes|vosotros|tuo|tuoi|tue|sie)\b/;
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
 * Someone's words quoted: a typographic quote («», “”, „), a straight double quote, or a straight single quote that
 * opens a word (not an apostrophe inside one, "l'homme", "don't"). A court report, a teacher's note or a course quotes
 * the threat it tells of: of the training sets' texts in the six languages, 13% of the hard negatives hold a quotation,
 * 3% of the violations and 2% of the ordinary benign texts. The folded text has lost the difference (european.ts), so
 * the sentence as written is read.
 */
const QUOTATION = /[«»“”„"]|(?:^|[\s:(])'(?=\p{L})/u;

/** The joke words of the six languages: a threat laughed off, or said not to be a joke. */
export const JOKE_WORDS = 'kidding|joking|joke|broma|bromeando|brincadeira|blague|rigole|scherzo|scherzando|witz|spass';
/** A joke denied: "I'm not joking", "no es broma", "sans blague", "kein Witz" say a threat is meant. */
export const DENIED_JEST = new RegExp(
  `\\b(?:not|no|never|isn't|ain't|wasn't|nicht|kein|keine|ohne|sin|pas|sans|nao|não|non|senza)\\b[^.!?]{0,12}\\b(?:${JOKE_WORDS})\\b`,
  'gu',
);
/** A threat's escalation, not a game's loss: "I've nothing left to lose", "j'ai plus rien à perdre". */
export const NOTHING_TO_LOSE =
  /\bnothing (?:more |left )?to lose\b|\brien [àa] perdre\b|\bnada (?:que|a) perder\b|\b(?:niente|nulla) da perdere\b|\bnichts (?:mehr )?zu verlieren\b/gu;

/** A word either phrase holds: most sentences have none, and skip the two expressions (a book has many sentences). */
const SERIOUS_WORDS = new RegExp(`${JOKE_WORDS}|lose|perd|verlier`);

/** How often a sentence (lower-cased) says its threat is meant, by a denied joke or nothing left to lose. */
export function seriousPhrases(lower: string): number {
  const { denied, lost } = phrasesOf(lower);
  return denied + lost;
}
/** The denied jokes and the "nothing to lose" of a sentence (lower-cased), counted. */
function phrasesOf(lower: string): { denied: number; lost: number } {
  if (!SERIOUS_WORDS.test(lower)) return { denied: 0, lost: 0 };
  return { denied: lower.match(DENIED_JEST)?.length ?? 0, lost: lower.match(NOTHING_TO_LOSE)?.length ?? 0 };
}

/**
 * A sentence's classes once what it says of itself is read: a threat said to be meant ("no es broma", "I've nothing to
 * lose") is SERIOUS, and the joke or contest word of that phrase ("broma", "lose") is neither banter nor a prank,
 * which would set the threat in a game or a joke. 85 threats of the training sets say so, and 11 benign texts.
 * Measured with the function words of features.ts (their first version): on the six model-language measurement sets
 * threats .609 -> .621, violent .688 -> .698, hate .903 -> .912, benign texts flagged 80 -> 81 of 1,986; at a fixed 1%
 * benign FP over those and blind-set-16, threats .595 -> .608, violent .638 -> .640.
 */
function readSeriousness(classes: Map<string, number>, lower: string) {
  const { denied, lost } = phrasesOf(lower);
  const serious = denied + lost;
  if (serious === 0) return;
  classes.set('SERIOUS', serious);
  const banter = (classes.get('BANTER') ?? 0) - serious;
  if (banter > 0) classes.set('BANTER', banter);
  else classes.delete('BANTER');
  // A concept counts each of its entries a phrase holds ("broma" and "es broma"): a denied joke is no prank at all.
  if (denied > 0) classes.delete(PRANK);
}
const PRANK = conceptClass('PRANK_JOKE');

/**
 * Adds to a sentence's classes what its surface says and stems lose: its quotation marks (QUOTE), its digits and
 * capitals (a clock time, a person named and addressed), and whether it says its threat is meant (readSeriousness).
 * `folded` is the sentence lower-cased with its accents folded (european.ts).
 */
export function addSurfaceClasses(classes: Map<string, number>, original: string, folded: string) {
  const add = (klass: string) => classes.set(klass, (classes.get(klass) ?? 0) + 1);
  if (CLOCK.test(folded)) add('TIME');
  if (QUOTATION.test(original)) add('QUOTE');
  if (SECOND_PERSON.test(folded)) {
    const open = VOCATIVE_OPEN.exec(original);
    if ((open && !OPENERS.has(open[1]!.toLowerCase())) || VOCATIVE_CLOSE.test(original) || LETTER_OPEN.test(original))
      add('NAMED');
  }
  readSeriousness(classes, folded);
}
