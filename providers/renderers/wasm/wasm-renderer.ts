import HME from 'h264-mp4-encoder';
import { ALL_FORMATS, BufferSource, BufferTarget, EncodedAudioPacketSource, EncodedPacketSink, EncodedVideoPacketSource, Input, Mp4OutputFormat, Output, type AudioCodec } from 'mediabunny';
import type { VideoRendererV1 } from '../../spec/v1/video-renderer.ts';

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
      // biome-ignore lint: the emscripten module is untyped
      const encoder: any = await (HME as any).createH264MP4Encoder();
      encoder.width = request.width;
      encoder.height = request.height;
      encoder.frameRate = request.fps;
      encoder.quantizationParameter = 28;
      encoder.speed = 10;
      encoder.groupOfPictures = request.fps * 2;
      encoder.initialize();
      let video: Uint8Array;
      try {
        for (let index = 0; index < request.frames; index++) encoder.addFrameRgba(request.frame(index));
        encoder.finalize();
        video = encoder.FS.readFile(encoder.outputFilename);
      } finally {
        encoder.delete();
      }
      return mux(video, request.audio, request.fps);
    },
  };
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
