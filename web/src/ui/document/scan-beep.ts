// The scan station's sounds (WebAudio, no files): a short high blip for a good scan, a long low
// double buzz for a refused one, so a person looking at the goods hears the problem.

let audio: AudioContext | null = null;

function tone(ctx: AudioContext, frequency: number, start: number, seconds: number, volume: number) {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = 'square';
  osc.frequency.value = frequency;
  gain.gain.value = volume;
  osc.connect(gain).connect(ctx.destination);
  osc.start(ctx.currentTime + start);
  osc.stop(ctx.currentTime + start + seconds);
}

/** Plays the sound; silently does nothing where audio is unavailable. */
export function beep(kind: 'ok' | 'error'): void {
  try {
    audio ??= new AudioContext();
    if (audio.state === 'suspended') void audio.resume();
    if (kind === 'ok') tone(audio, 1400, 0, 0.07, 0.08);
    else {
      tone(audio, 220, 0, 0.25, 0.3);
      tone(audio, 180, 0.32, 0.35, 0.3);
    }
  } catch {
    // no audio device or API: the red warning still shows
  }
}
