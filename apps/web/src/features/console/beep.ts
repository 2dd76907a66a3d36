/**
 * The new-order sound: two short tones made with the Web Audio API (no audio file to download).
 * Browsers keep audio locked until the page has had a tap or a key press, so the console unlocks it on
 * the first one and says so while it is locked.
 */
type AudioContextClass = typeof AudioContext;

let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (context) return context;
  const Class: AudioContextClass | undefined =
    typeof window === 'undefined'
      ? undefined
      : (window.AudioContext ??
        (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext);
  if (!Class) return null;
  try {
    context = new Class();
  } catch {
    return null;
  }
  return context;
}

/** Call from a tap or key press: browsers let audio start only then. */
export function unlockAudio(): void {
  const audio = audioContext();
  if (audio && audio.state === 'suspended') void audio.resume().catch(() => undefined);
}

/** Whether a beep would be heard now (false until the page's first tap, in most browsers). */
export function isAudioLocked(): boolean {
  const activation = typeof navigator === 'undefined' ? undefined : navigator.userActivation;
  if (activation && !activation.hasBeenActive) return true;
  return context?.state === 'suspended';
}

function tone(audio: AudioContext, frequency: number, start: number, seconds: number) {
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  oscillator.type = 'sine';
  oscillator.frequency.value = frequency;
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.35, start + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + seconds);
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start(start);
  oscillator.stop(start + seconds + 0.02);
}

export function playBeep(): void {
  const audio = audioContext();
  if (!audio) return;
  if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
  const start = audio.currentTime + 0.01;
  tone(audio, 880, start, 0.18);
  tone(audio, 1320, start + 0.22, 0.22);
}
