/**
 * Video renderer provider, specification v1: turns a sequence of RGBA frames plus an MP3 narration into an MP4 that
 * browsers play (H.264 video). recite draws the frames; the renderer only encodes and muxes.
 */
export interface RenderRequest {
  width: number;
  height: number;
  fps: number;
  /** Number of frames; the video lasts frames / fps seconds. */
  frames: number;
  /** RGBA pixels (width * height * 4 bytes) of frame `index`; called once per frame, in order. */
  frame(index: number): Uint8Array;
  /** The narration, MP3. */
  audio: Uint8Array;
}

export interface VideoRendererCapabilities {
  /** Can run here now (e.g. its binary is installed). */
  available: boolean;
  maxWidth: number;
  maxHeight: number;
}

export interface VideoRendererV1 {
  readonly specificationVersion: 'v1';
  readonly id: string;
  capabilities(): Promise<VideoRendererCapabilities>;
  /** Resolves with the finished MP4. */
  render(request: RenderRequest): Promise<Uint8Array>;
}
