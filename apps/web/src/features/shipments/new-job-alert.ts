/**
 * A new job rings the rider's phone: a short double beep (Web Audio, no file to download) and a
 * vibration, where the browser allows them (audio needs an earlier tap on the page, which the rider
 * made signing in; a phone in silent mode still vibrates). Failing quietly is fine: the list shows it.
 */
let audio: AudioContext | null = null;

function beep(context: AudioContext, at: number): void {
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.type = 'sine';
  oscillator.frequency.value = 880;
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(0.3, at + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.18);
  oscillator.connect(gain).connect(context.destination);
  oscillator.start(at);
  oscillator.stop(at + 0.2);
}

export function alertNewJob(): void {
  try {
    navigator.vibrate?.([200, 100, 200]);
  } catch {
    // no vibration here
  }
  try {
    const Context = globalThis.AudioContext;
    if (!Context) return;
    audio ??= new Context();
    if (audio.state === 'suspended') void audio.resume();
    beep(audio, audio.currentTime);
    beep(audio, audio.currentTime + 0.28);
  } catch {
    // no sound here
  }
}
