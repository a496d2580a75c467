import { bitrateTable, frameLength, type Mp3FrameCounter, parseHeader } from './mp3-frames.ts';

/**
 * The Xing/Info frame players read for an MP3's length and seek points. Without it a player estimates the length of a
 * VBR file from its first frame's bitrate and the file size (Chromium showed 17:24 for 19:32) and seeks to the wrong
 * place. The frame is a silent MPEG frame of the stream's own version, rate and channel mode placed before the audio;
 * decoders skip it. Its fields: the number of audio frames (not counting itself), the file's byte count (counting
 * itself), and a 100-entry table mapping each percent of the duration to a byte position in 1/256ths of the file.
 * "Info" marks a constant-bitrate stream, "Xing" a variable one, as LAME writes them.
 */
const XING_BODY_BYTES = 4 + 4 + 4 + 4 + 100 + 4;

export function xingFrame(counter: Mp3FrameCounter): Uint8Array {
  const first = counter.firstHeader;
  const header = first && parseHeader(first);
  if (!first || !header) return new Uint8Array(0);
  const mono = first[3]! >> 6 === 3;
  const sideInformation = header.version === 3 ? (mono ? 17 : 32) : mono ? 9 : 17;
  const needed = 4 + sideInformation + XING_BODY_BYTES;
  const table = bitrateTable(header.version);
  let bitrateIndex = table.findIndex(
    (kbps, index) => index > 0 && frameLength(header.version, kbps, header.sampleRate) >= needed,
  );
  if (bitrateIndex < 0) bitrateIndex = table.length - 1;
  const length = frameLength(header.version, table[bitrateIndex]!, header.sampleRate);
  const frame = new Uint8Array(length);
  frame[0] = 0xff;
  frame[1] = (first[1]! & 0xfe) | 0x01; // no CRC
  frame[2] = (bitrateIndex << 4) | (first[2]! & 0x0c); // same sample rate, no padding
  frame[3] = first[3]!;
  const view = new DataView(frame.buffer);
  let at = 4 + sideInformation;
  frame.set(new TextEncoder().encode(counter.constantBitrate ? 'Info' : 'Xing'), at);
  view.setUint32(at + 4, 0x0f); // frames, bytes, table and quality present
  const totalBytes = counter.bytes + length;
  view.setUint32(at + 8, counter.frames);
  view.setUint32(at + 12, totalBytes);
  at += 16;
  for (let percent = 0; percent < 100; percent++) {
    const offset = length + counter.offsetOf(Math.floor((percent / 100) * counter.frames));
    frame[at + percent] = Math.min(255, Math.floor((offset / totalBytes) * 256));
  }
  view.setUint32(at + 100, 50);
  return frame;
}
