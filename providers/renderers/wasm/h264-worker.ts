/**
 * x264 (h264-mp4-encoder, emscripten) in its own worker. The library's emscripten glue installs process-wide
 * `uncaughtException` / `unhandledRejection` handlers that abort; loaded here, they belong to this worker alone, so a
 * stray rejection anywhere in the server can no longer take the whole process down through them.
 */
import HME from 'h264-mp4-encoder';

export type H264WorkerRequest =
  | { type: 'start'; width: number; height: number; fps: number }
  | { type: 'frame'; rgba: Uint8Array }
  | { type: 'finish' };

export type H264WorkerResponse =
  | { type: 'ack' }
  | { type: 'done'; video: Uint8Array }
  | { type: 'error'; message: string };

declare const self: Worker;

// biome-ignore lint: the emscripten module is untyped
let encoder: any;

const reply = (message: H264WorkerResponse, transfer: Transferable[] = []) => self.postMessage(message, transfer);

self.onmessage = async (event: MessageEvent<H264WorkerRequest>) => {
  const message = event.data;
  try {
    if (message.type === 'start') {
      // biome-ignore lint: the emscripten module is untyped
      encoder = await (HME as any).createH264MP4Encoder();
      encoder.width = message.width;
      encoder.height = message.height;
      encoder.frameRate = message.fps;
      encoder.quantizationParameter = 28;
      encoder.speed = 10;
      encoder.groupOfPictures = message.fps * 2;
      encoder.initialize();
      reply({ type: 'ack' });
    } else if (message.type === 'frame') {
      encoder.addFrameRgba(message.rgba);
      reply({ type: 'ack' });
    } else {
      encoder.finalize();
      const video: Uint8Array = encoder.FS.readFile(encoder.outputFilename);
      encoder.delete();
      encoder = undefined;
      reply({ type: 'done', video }, [video.buffer as ArrayBuffer]);
    }
  } catch (error) {
    reply({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
