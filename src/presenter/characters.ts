/**
 * Presenter characters, drawn as SVG from one parametric template: head shape, ears, palette and accessories vary;
 * every character shares the mouth shapes (visemes), blinking eyes and a gentle sway, so lip-sync works for all.
 */
export type Viseme = 'rest' | 'mbp' | 'open' | 'wide' | 'round' | 'fv' | 'l';
export const VISEMES: readonly Viseme[] = ['rest', 'mbp', 'open', 'wide', 'round', 'fv', 'l'];

export interface Character {
  id: string;
  name: string;
  description: string;
  defaultVoice: string;
  skin: string;
  accent: string;
  background: [string, string];
  ears: 'fox' | 'bear' | 'owl' | 'robot' | 'human' | 'elf';
  extra?: 'glasses' | 'helmet' | 'bow' | 'antenna' | 'hat';
}

export const CHARACTERS: readonly Character[] = [
  {
    id: 'fenn-fox',
    name: 'Fenn the Fox',
    description: 'A quick, curious fox who loves adventure stories.',
    defaultVoice: 'playful-elf',
    skin: '#e8833a',
    accent: '#fff4e6',
    background: ['#c9e7ff', '#eaf6ff'],
    ears: 'fox',
  },
  {
    id: 'olive-owl',
    name: 'Olive the Owl',
    description: 'A wise owl with round glasses, perfect for bedtime tales.',
    defaultVoice: 'calm-mom',
    skin: '#8c6a4f',
    accent: '#f1e3c6',
    background: ['#27325c', '#4a5a96'],
    ears: 'owl',
    extra: 'glasses',
  },
  {
    id: 'bruno-bear',
    name: 'Bruno the Bear',
    description: 'A big, gentle bear with a warm rumbling voice.',
    defaultVoice: 'friendly-bear',
    skin: '#7b5136',
    accent: '#c89b74',
    background: ['#cfe8c3', '#f2fbe9'],
    ears: 'bear',
  },
  {
    id: 'bolt-robot',
    name: 'Bolt the Robot',
    description: 'A cheerful robot who explains how things work.',
    defaultVoice: 'std-guy',
    skin: '#9fb3c8',
    accent: '#e4edf5',
    background: ['#1f2b38', '#3b5266'],
    ears: 'robot',
    extra: 'antenna',
  },
  {
    id: 'grandma-rose',
    name: 'Grandma Rose',
    description: 'A kind grandmother who tells old family stories.',
    defaultVoice: 'story-grandpa',
    skin: '#f2c7a5',
    accent: '#d9d9e3',
    background: ['#fde2e4', '#fff5f6'],
    ears: 'human',
    extra: 'glasses',
  },
  {
    id: 'nova-astronaut',
    name: 'Nova the Astronaut',
    description: 'A young astronaut reporting from among the stars.',
    defaultVoice: 'kid-girl',
    skin: '#c98f6b',
    accent: '#ffffff',
    background: ['#0b1026', '#27316b'],
    ears: 'human',
    extra: 'helmet',
  },
  {
    id: 'pip-elf',
    name: 'Pip the Elf',
    description: 'A mischievous elf from the winter woods.',
    defaultVoice: 'playful-elf',
    skin: '#f5d0b0',
    accent: '#2f8f4e',
    background: ['#e6f4ea', '#ffffff'],
    ears: 'elf',
    extra: 'hat',
  },
];

export function findCharacter(id: string): Character | undefined {
  return CHARACTERS.find((character) => character.id === id);
}

const MOUTHS: Record<Viseme, string> = {
  rest: '<path d="M-26 0 Q0 8 26 0" stroke="#5a2a2a" stroke-width="5" fill="none" stroke-linecap="round"/>',
  mbp: '<path d="M-24 0 L24 0" stroke="#5a2a2a" stroke-width="7" stroke-linecap="round"/>',
  open: '<ellipse cx="0" cy="4" rx="22" ry="20" fill="#5a1f24"/><ellipse cx="0" cy="14" rx="12" ry="6" fill="#e06b78"/>',
  wide: '<ellipse cx="0" cy="2" rx="28" ry="9" fill="#5a1f24"/><rect x="-20" y="-5" width="40" height="5" fill="#fff"/>',
  round: '<ellipse cx="0" cy="3" rx="12" ry="14" fill="#5a1f24"/>',
  fv: '<ellipse cx="0" cy="3" rx="22" ry="9" fill="#5a1f24"/><rect x="-14" y="-5" width="28" height="7" fill="#fff"/><path d="M-22 6 Q0 12 22 6" stroke="#b4505d" stroke-width="4" fill="none"/>',
  l: '<ellipse cx="0" cy="3" rx="18" ry="12" fill="#5a1f24"/><ellipse cx="0" cy="-3" rx="8" ry="5" fill="#e06b78"/>',
};

function ears(character: Character): string {
  const { skin, accent } = character;
  switch (character.ears) {
    case 'fox':
      return `<path d="M-95 -60 L-70 -150 L-30 -85 Z" fill="${skin}"/><path d="M95 -60 L70 -150 L30 -85 Z" fill="${skin}"/><path d="M-80 -80 L-70 -125 L-50 -90 Z" fill="${accent}"/><path d="M80 -80 L70 -125 L50 -90 Z" fill="${accent}"/>`;
    case 'bear':
      return `<circle cx="-75" cy="-85" r="32" fill="${skin}"/><circle cx="75" cy="-85" r="32" fill="${skin}"/><circle cx="-75" cy="-85" r="16" fill="${accent}"/><circle cx="75" cy="-85" r="16" fill="${accent}"/>`;
    case 'owl':
      return `<path d="M-85 -70 L-95 -130 L-45 -95 Z" fill="${skin}"/><path d="M85 -70 L95 -130 L45 -95 Z" fill="${skin}"/>`;
    case 'robot':
      return `<rect x="-122" y="-30" width="22" height="50" rx="6" fill="#6c7f93"/><rect x="100" y="-30" width="22" height="50" rx="6" fill="#6c7f93"/>`;
    case 'elf':
      return `<path d="M-100 -10 L-150 -60 L-95 10 Z" fill="${skin}"/><path d="M100 -10 L150 -60 L95 10 Z" fill="${skin}"/>`;
    default:
      return `<ellipse cx="-102" cy="0" rx="14" ry="22" fill="${skin}"/><ellipse cx="102" cy="0" rx="14" ry="22" fill="${skin}"/>`;
  }
}

function extra(character: Character): { behind: string; front: string } {
  switch (character.extra) {
    case 'glasses':
      return {
        behind: '',
        front:
          '<g fill="none" stroke="#2d2d2d" stroke-width="5"><circle cx="-40" cy="-20" r="26"/><circle cx="40" cy="-20" r="26"/><path d="M-14 -20 L14 -20"/></g>',
      };
    case 'helmet':
      return {
        behind:
          '<circle cx="0" cy="0" r="150" fill="#e8eef7" stroke="#aab8c8" stroke-width="8"/><circle cx="0" cy="0" r="128" fill="#bcd4f0" opacity="0.45"/>',
        front: '<path d="M-120 -40 Q-100 -120 -30 -128" stroke="#fff" stroke-width="10" fill="none" opacity="0.6"/>',
      };
    case 'antenna':
      return {
        behind:
          '<path d="M0 -110 L0 -160" stroke="#6c7f93" stroke-width="8"/><circle cx="0" cy="-165" r="12" fill="#ff5d5d"/>',
        front: '',
      };
    case 'hat':
      return {
        behind: '',
        front: `<path d="M-105 -70 Q0 -125 105 -70 L40 -190 Z" fill="${character.accent}"/><circle cx="40" cy="-192" r="14" fill="#fff"/>`,
      };
    case 'bow':
      return {
        behind: '',
        front: '<path d="M-20 -110 L-60 -130 L-60 -90 Z M20 -110 L60 -130 L60 -90 Z" fill="#e05a8a"/>',
      };
    default:
      return { behind: '', front: '' };
  }
}

/** One frame of a character. `sway` is a small horizontal offset in pixels; `blink` closes the eyes. */
export function characterSvg(
  character: Character,
  pose: { mouth: Viseme; blink: boolean; sway: number },
  size = { width: 640, height: 360 },
): string {
  const { skin, accent, background } = character;
  const head =
    character.ears === 'robot'
      ? `<rect x="-105" y="-105" width="210" height="200" rx="36" fill="${skin}"/>`
      : `<ellipse cx="0" cy="0" rx="105" ry="108" fill="${skin}"/>`;
  const muzzle = ['fox', 'bear', 'owl'].includes(character.ears)
    ? `<ellipse cx="0" cy="45" rx="60" ry="44" fill="${accent}"/>`
    : '';
  const eyes = pose.blink
    ? '<path d="M-55 -20 Q-40 -10 -25 -20 M25 -20 Q40 -10 55 -20" stroke="#222" stroke-width="6" fill="none" stroke-linecap="round"/>'
    : '<circle cx="-40" cy="-20" r="14" fill="#222"/><circle cx="40" cy="-20" r="14" fill="#222"/><circle cx="-35" cy="-25" r="5" fill="#fff"/><circle cx="45" cy="-25" r="5" fill="#fff"/>';
  const nose =
    character.ears === 'owl'
      ? '<path d="M-10 8 L10 8 L0 28 Z" fill="#f2a93b"/>'
      : character.ears === 'robot'
        ? '<rect x="-8" y="5" width="16" height="16" rx="4" fill="#6c7f93"/>'
        : '<ellipse cx="0" cy="14" rx="12" ry="9" fill="#3b2a2a"/>';
  const decoration = extra(character);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 640 360">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${background[0]}"/><stop offset="1" stop-color="${background[1]}"/></linearGradient></defs>
<rect width="640" height="360" fill="url(#sky)"/><ellipse cx="320" cy="372" rx="260" ry="60" fill="#000" opacity="0.12"/>
<g transform="translate(${320 + pose.sway} ${205 + Math.abs(pose.sway) * 0.4}) scale(0.95)">
<path d="M-120 200 Q-110 105 0 100 Q110 105 120 200 Z" fill="${accent}"/>${decoration.behind}${ears(character)}${head}${muzzle}${eyes}${nose}
<g transform="translate(0 62)">${MOUTHS[pose.mouth]}</g>${decoration.front}</g></svg>`;
}
