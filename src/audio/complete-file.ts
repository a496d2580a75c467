import { readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Mp3FrameCounter } from './mp3-frames.ts';
import { xingFrame } from './xing-frame.ts';

/** Bitrate (kbps) of MP3 streamed to a client before its length is known: see README "Audio output". */
export const STREAM_MP3_KBPS = 48;

/** A complete MP3 with its Xing/Info frame first, so players know its exact length and can seek. */
export function completeMp3(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const counter = new Mp3FrameCounter();
  for (const part of parts) counter.push(part);
  const header = xingFrame(counter);
  const whole = new Uint8Array(header.length + counter.bytes);
  whole.set(header);
  let at = header.length;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}

/** A WAV file (RIFF, 16-bit mono PCM) around little-endian samples. */
export function wavFile(parts: Uint8Array[], sampleRate: number): Uint8Array<ArrayBuffer> {
  const dataLength = parts.reduce((total, part) => total + part.length, 0);
  const file = new Uint8Array(44 + dataLength);
  const view = new DataView(file.buffer);
  const ascii = (at: number, text: string) => file.set(new TextEncoder().encode(text), at);
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataLength, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, dataLength, true);
  let at = 44;
  for (const part of parts) {
    file.set(part, at);
    at += part.length;
  }
  return file;
}

/** Joins byte chunks into one array. */
export function concatBytes(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.concat(parts));
}

/** A spool file's name (spoolCompleteMp3): the process that writes it, a time and a random part. */
const SPOOL_FILE = /^recite-(\d+)-\d+-[a-z0-9]+\.mp3$/;

/** Whether a process runs (EPERM: it does, as another user). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the spool files (spoolCompleteMp3) that processes killed while spooling a job's MP3 left in the temporary
 * directory: those named for a process that no longer runs. A job's MP3 can be hundreds of megabytes, and a node
 * killed with -9 (or by the kernel for memory) never removes its own. Returns the names removed.
 */
export async function sweepSpoolFiles(directory = tmpdir()): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await readdir(directory).catch(() => [] as string[])) {
    const pid = Number(SPOOL_FILE.exec(name)?.[1]);
    if (!pid || pid === process.pid || running(pid)) continue;
    await rm(join(directory, name), { force: true });
    removed.push(name);
  }
  return removed;
}

/**
 * A long MP3 (a job's) made complete without holding it in memory: the stream is spooled to a temporary file while
 * its frames are counted, then read back behind its Xing/Info frame. `body` may be read once; `dispose` removes the
 * file.
 */
export async function spoolCompleteMp3(
  bytes: AsyncIterable<Uint8Array>,
): Promise<{ body: AsyncIterable<Uint8Array>; size: number; dispose(): Promise<void> }> {
  const path = join(tmpdir(), `recite-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.mp3`);
  const counter = new Mp3FrameCounter();
  const writer = Bun.file(path).writer({ highWaterMark: 1 << 20 });
  const dispose = () => rm(path, { force: true });
  try {
    for await (const chunk of bytes) {
      counter.push(chunk);
      writer.write(chunk);
    }
    await writer.end();
  } catch (error) {
    await Promise.resolve(writer.end()).catch(() => {});
    await dispose();
    throw error;
  }
  const header = xingFrame(counter);
  async function* body() {
    yield header;
    yield* Bun.file(path).stream() as unknown as AsyncIterable<Uint8Array>;
  }
  return { body: body(), size: header.length + counter.bytes, dispose };
}
