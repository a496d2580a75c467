import { MPEGDecoder } from 'mpg123-decoder';

export interface DecodedAudio {
  sampleRate: number;
  samples: number;
  durationSeconds: number;
  /** Root mean square of the whole signal, 0..1. */
  rms: number;
  /** Fraction of 50 ms windows that are near-silent. */
  silentFraction: number;
  errors: number;
  channel: Float32Array;
}

/** Decodes MP3 with a real decoder (mpg123 compiled to WASM) and measures what a listener would notice. */
export async function decodeMp3(bytes: Uint8Array): Promise<DecodedAudio> {
  const decoder = new MPEGDecoder();
  await decoder.ready;
  try {
    const decoded = decoder.decode(bytes);
    const channel = decoded.channelData[0] ?? new Float32Array();
    let sumSquares = 0;
    for (const sample of channel) sumSquares += sample * sample;
    const window = Math.max(1, Math.round(decoded.sampleRate * 0.05));
    let windows = 0;
    let silent = 0;
    for (let start = 0; start + window <= channel.length; start += window) {
      let energy = 0;
      for (let index = start; index < start + window; index++) energy += channel[index]! * channel[index]!;
      windows++;
      if (Math.sqrt(energy / window) < 0.005) silent++;
    }
    return {
      sampleRate: decoded.sampleRate,
      samples: decoded.samplesDecoded,
      durationSeconds: decoded.samplesDecoded / decoded.sampleRate,
      rms: Math.sqrt(sumSquares / Math.max(1, channel.length)),
      silentFraction: windows ? silent / windows : 1,
      errors: decoded.errors.length,
      channel,
    };
  } finally {
    decoder.free();
  }
}
