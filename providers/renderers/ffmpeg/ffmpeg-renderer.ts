import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { VideoRendererV1 } from '../../spec/v1/video-renderer.ts';

/** Uses the system's ffmpeg (libx264) when it is installed: faster for long videos; optional. */
export function createFfmpegRenderer(options: { binary?: string } = {}): VideoRendererV1 {
  const binary = options.binary ?? 'ffmpeg';
  return {
    specificationVersion: 'v1',
    id: 'ffmpeg',
    async capabilities() {
      const probe = spawnSync(binary, ['-hide_banner', '-encoders'], { encoding: 'utf8' });
      return { available: probe.status === 0 && probe.stdout.includes('libx264'), maxWidth: 3840, maxHeight: 2160 };
    },
    async render(request) {
      const directory = mkdtempSync(join(tmpdir(), 'recite-ffmpeg-'));
      try {
        writeFileSync(join(directory, 'audio.mp3'), request.audio);
        const output = join(directory, 'video.mp4');
        const child = spawn(binary, [
          '-hide_banner',
          '-loglevel',
          'error',
          '-y',
          '-f',
          'rawvideo',
          '-pix_fmt',
          'rgba',
          '-s',
          `${request.width}x${request.height}`,
          '-r',
          String(request.fps),
          '-i',
          'pipe:0',
          '-i',
          join(directory, 'audio.mp3'),
          '-c:v',
          'libx264',
          '-preset',
          'veryfast',
          '-pix_fmt',
          'yuv420p',
          '-c:a',
          'copy',
          '-movflags',
          '+faststart',
          output,
        ]);
        let errors = '';
        child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
        const done = new Promise<number | null>((resolve) => child.on('close', resolve));
        for (let index = 0; index < request.frames; index++) {
          if (!child.stdin.write(request.frame(index)))
            await new Promise((resolve) => child.stdin.once('drain', resolve));
        }
        child.stdin.end();
        const code = await done;
        if (code !== 0) throw new Error(`ffmpeg failed (${code}): ${errors.slice(0, 500)}`);
        return new Uint8Array(readFileSync(output));
      } finally {
        rmSync(directory, { recursive: true, force: true });
      }
    },
  };
}
