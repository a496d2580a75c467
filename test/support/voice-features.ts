/**
 * Two measures that tell voices apart: the median fundamental frequency of voiced frames (autocorrelation) and the
 * spectral brightness, sqrt(E[x'^2] / E[x^2]) in Hz, which rises with the spectral centroid.
 */
export interface VoiceFeatures {
  pitchHz: number;
  brightnessHz: number;
}

export function voiceFeatures(channel: Float32Array, sampleRate: number): VoiceFeatures {
  // Halve the rate (average pairs) to cut the autocorrelation's cost; speech pitch is far below 5 kHz.
  const rate = sampleRate / 2;
  const signal = new Float32Array(Math.floor(channel.length / 2));
  for (let index = 0; index < signal.length; index++)
    signal[index] = (channel[index * 2]! + channel[index * 2 + 1]!) / 2;
  const window = Math.round(rate * 0.04);
  const minLag = Math.floor(rate / 500);
  const maxLag = Math.ceil(rate / 60);
  const pitches: number[] = [];
  for (let start = 0; start + window + maxLag < signal.length; start += window) {
    let energy = 0;
    for (let index = start; index < start + window; index++) energy += signal[index]! * signal[index]!;
    if (Math.sqrt(energy / window) < 0.02) continue;
    let bestLag = 0;
    let best = 0;
    for (let lag = minLag; lag <= maxLag; lag++) {
      let sum = 0;
      let shifted = 0;
      for (let index = start; index < start + window; index++) {
        sum += signal[index]! * signal[index + lag]!;
        shifted += signal[index + lag]! * signal[index + lag]!;
      }
      const correlation = sum / Math.sqrt(energy * shifted + 1e-12);
      if (correlation > best) [best, bestLag] = [correlation, lag];
    }
    if (best > 0.6) pitches.push(rate / bestLag);
  }
  pitches.sort((a, b) => a - b);
  let power = 0;
  let derivative = 0;
  for (let index = 1; index < channel.length; index++) {
    power += channel[index]! * channel[index]!;
    const difference = channel[index]! - channel[index - 1]!;
    derivative += difference * difference;
  }
  return {
    pitchHz: pitches[Math.floor(pitches.length / 2)] ?? 0,
    brightnessHz: (Math.sqrt(derivative / Math.max(power, 1e-12)) * sampleRate) / (2 * Math.PI),
  };
}
