import {
  ALL_FORMATS,
  BufferSource,
  BufferTarget,
  EncodedAudioPacketSource,
  EncodedPacketSink,
  EncodedVideoPacketSource,
  Input,
  Mp4OutputFormat,
  Output,
  type AudioCodec,
} from 'mediabunny';
import type { RenderRequest, VideoRendererV1 } from '../../spec/v1/video-renderer.ts';
import { workerUrl } from '../../../src/lib/worker-url.ts';
import type { H264WorkerRequest, H264WorkerResponse } from './h264-worker.ts';

/**
 * The embedded renderer: H.264 by h264-mp4-encoder (x264 in WASM), then mediabunny copies its video packets and the
 * MP3's packets, untouched, into one MP4 (MP3 in MP4 plays in Chrome, Firefox and Safari).
 */
export function createWasmRenderer(): VideoRendererV1 {
  return {
    specificationVersion: 'v1',
    id: 'wasm',
    capabilities: async () => ({ available: true, maxWidth: 1920, maxHeight: 1080 }),
    async render(request) {
      return mux(await encodeInWorker(request), request.audio, request.fps);
    },
  };
}

/** Encodes the frames in a fresh h264 worker (see h264-worker.ts for why it never runs on the main thread). */
async function encodeInWorker(request: RenderRequest): Promise<Uint8Array> {
  const worker = new Worker(workerUrl(import.meta.url, './h264-worker.ts', 'providers/renderers/wasm/h264-worker.ts'));
  let waiting: { resolve(message: H264WorkerResponse): void; reject(error: Error): void } | undefined;
  worker.onmessage = (event: MessageEvent<H264WorkerResponse>) => waiting?.resolve(event.data);
  worker.onerror = (event) => waiting?.reject(new Error(`h264 worker failed: ${event.message}`));
  // One message in flight at a time, so at most one frame waits in memory on its way to the encoder.
  const send = (message: H264WorkerRequest, transfer: Transferable[] = []) =>
    new Promise<H264WorkerResponse>((resolve, reject) => {
      waiting = { resolve, reject };
      worker.postMessage(message, transfer);
    }).then((answer) => {
      if (answer.type === 'error') throw new Error(`h264 encoder: ${answer.message}`);
      return answer;
    });
  try {
    await send({ type: 'start', width: request.width, height: request.height, fps: request.fps });
    for (let index = 0; index < request.frames; index++) {
      // A copy, since the caller may reuse its frame buffer and a transferred buffer is gone from this side.
      const rgba = request.frame(index).slice();
      await send({ type: 'frame', rgba }, [rgba.buffer]);
    }
    const answer = await send({ type: 'finish' });
    if (answer.type !== 'done') throw new Error('h264 encoder: no video');
    return answer.video;
  } finally {
    worker.terminate();
  }
}

async function mux(video: Uint8Array, audio: Uint8Array, fps: number): Promise<Uint8Array> {
  const videoInput = new Input({ source: new BufferSource(video), formats: ALL_FORMATS });
  const audioInput = new Input({ source: new BufferSource(audio), formats: ALL_FORMATS });
  const videoTrack = await videoInput.getPrimaryVideoTrack();
  const audioTrack = await audioInput.getPrimaryAudioTrack();
  if (!videoTrack || !audioTrack) throw new Error('renderer: missing video or audio track');
  const output = new Output({ format: new Mp4OutputFormat({ fastStart: 'in-memory' }), target: new BufferTarget() });
  const videoSource = new EncodedVideoPacketSource('avc');
  const audioSource = new EncodedAudioPacketSource(audioTrack.codec as AudioCodec);
  output.addVideoTrack(videoSource, { frameRate: fps });
  output.addAudioTrack(audioSource);
  await output.start();
  const videoConfig = await videoTrack.getDecoderConfig();
  const audioConfig = await audioTrack.getDecoderConfig();
  let first = true;
  for await (const packet of new EncodedPacketSink(videoTrack).packets()) {
    await videoSource.add(packet, first && videoConfig ? { decoderConfig: videoConfig } : undefined);
    first = false;
  }
  first = true;
  for await (const packet of new EncodedPacketSink(audioTrack).packets()) {
    await audioSource.add(packet, first && audioConfig ? { decoderConfig: audioConfig } : undefined);
    first = false;
  }
  await output.finalize();
  return new Uint8Array((output.target as BufferTarget).buffer!);
}
